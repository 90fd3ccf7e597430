import { isAdminRole } from '@alpenkube/contract/permissions';
import { SettingsPage, type ExtraSettingsSection } from '@/features/account/pages/settings-page';
import { ApiTokensSection } from '@/features/api-tokens';
import { MfaRequiredNotice, PromotionRequestSection } from '@/features/members';
import { MailPreferencesSection } from '@/features/notifications';
import { useAuth } from '@/lib/session/use-auth';

/**
 * The settings page with the sections other features own: the account feature cannot import
 * them, so the app puts them together here.
 */
const extraSections: ExtraSettingsSection[] = [
  {
    id: 'e-mail',
    label: 'E-mail',
    title: 'E-mail notifications',
    description: 'Choose which notices also reach your inbox. Every one stays in the app.',
    element: <MailPreferencesSection />,
  },
  {
    id: 'api-tokens',
    label: 'API tokens',
    title: 'API tokens',
    description:
      'Personal tokens for scripts and tools, each limited to the scopes you choose. A token acts as you.',
    element: <ApiTokensSection />,
  },
];

/** Only an approved customer (role user) may ask to become an admin. */
const promotionSection: ExtraSettingsSection = {
  id: 'become-admin',
  label: 'Become an admin',
  title: 'Become an admin',
  description: "Ask your organization's admins for admin rights; they answer in User Management.",
  element: <PromotionRequestSection />,
};

export function SettingsRoute() {
  const { user } = useAuth();
  const canAsk =
    !!user && !isAdminRole(user.role) && user.status === 'active' && !user.mfaSetupRequired;
  return (
    <>
      <MfaRequiredNotice />
      <SettingsPage extraSections={canAsk ? [...extraSections, promotionSection] : extraSections} />
    </>
  );
}
