import { Badge } from '@/components/ui/badge';
import { useSocketState } from '@/lib/realtime/socket';

/** "Real-time" only while the socket is open; until then new notifications come with the poll. */
export function LiveBadge() {
  const open = useSocketState() === 'open';
  return (
    <Badge variant={open ? 'success' : 'secondary'}>
      <span className="size-1.5 rounded-full bg-current" aria-hidden="true" />
      {open ? 'Real-time' : 'Connecting…'}
    </Badge>
  );
}
