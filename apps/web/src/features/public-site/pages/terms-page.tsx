import { PageHeader } from '@/components/page/page-header';
import { LegalDocumentView } from '../components/legal-document-view';
import { termsOfService } from '../content/legal/terms';
import { useRouteMeta } from '../use-page-meta';

export function TermsPage() {
  useRouteMeta('/terms');
  return (
    <>
      <PageHeader
        eyebrow="Legal"
        title="Terms of service"
        lead="The rules of our relationship: accounts, orders, service levels, data processing and liability."
      />
      <LegalDocumentView document={termsOfService} />
    </>
  );
}
