import { UsersPanel } from '../components/users-panel';
import { MembersPage } from './user-management-page';

/** /admin/organization-users: every person of the organization (a super admin: of any). */
export function OrganizationUsersPage() {
  return (
    <MembersPage
      title="Organization users"
      lead="Every member of the organization with role, status and two-factor."
    >
      <UsersPanel />
    </MembersPage>
  );
}
