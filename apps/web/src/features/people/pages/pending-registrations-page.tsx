import { RegistrationsPanel } from '../components/registrations-panel';
import { PeoplePage } from './user-management-page';

/** /admin/pending-registrations: people who registered into the organization. */
export function PendingRegistrationsPage() {
  return (
    <PeoplePage
      title="Pending registrations"
      lead="People who registered into your organization and wait for approval."
    >
      <RegistrationsPanel />
    </PeoplePage>
  );
}
