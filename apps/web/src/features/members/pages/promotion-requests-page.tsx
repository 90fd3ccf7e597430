import { PromotionsPanel } from '../components/promotions-panel';
import { MembersPage } from './user-management-page';

/** /admin/promotion-requests: members asking to become admins. */
export function PromotionRequestsPage() {
  return (
    <MembersPage
      title="Promotion requests"
      lead="Requests from members to become organization admins."
    >
      <PromotionsPanel />
    </MembersPage>
  );
}
