import { SettingsPage, type ExtraSettingsSection } from '@/features/account/pages/settings-page';
import { ApiTokensSection } from '@/features/api-tokens';

/**
 * The settings page with the sections other features own: the account feature cannot import
 * them, so the app puts them together here.
 */
const extraSections: ExtraSettingsSection[] = [
  {
    id: 'api-tokens',
    label: 'API tokens',
    title: 'API tokens',
    description:
      'Personal tokens for scripts and tools, each limited to the scopes you choose. A token acts as you.',
    element: <ApiTokensSection />,
  },
];

export function SettingsRoute() {
  return <SettingsPage extraSections={extraSections} />;
}
