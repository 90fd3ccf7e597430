import { SettingsPage, type ExtraSettingsSection } from '@/features/account/pages/settings-page';

/**
 * The settings page with the sections other features own: the account feature cannot import
 * them, so the app puts them together here.
 */
const extraSections: ExtraSettingsSection[] = [];

export function SettingsRoute() {
  return <SettingsPage extraSections={extraSections} />;
}
