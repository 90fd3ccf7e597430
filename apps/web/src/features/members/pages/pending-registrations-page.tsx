import { RegistrationsPanel } from '../components/registrations-panel';
import { MembersPage } from './user-management-page';

/** /admin/pending-registrations: people who registered into the organization. */
export function PendingRegistrationsPage() {
  return (
    <MembersPage
      title="Pending registrations"
      lead="People who registered into your organization and wait for approval."
    >
      <RegistrationsPanel />
    </MembersPage>
  );
}
