import { DeferredOverlay, deferred } from '@/components/ui/deferred-overlay';
import { BellButton } from './bell-button';

const popover = deferred(() => import('./notification-popover').then((m) => m.NotificationPopover));

/**
 * The header's bell; rendered only for a signed-in user. The count shows at once; the panel
 * (Radix's popover and the list) loads when the bell is first clicked.
 */
export function NotificationBell() {
  return (
    <DeferredOverlay component={popover} props={{}} kind="popover" placeholder={<BellButton />} />
  );
}
