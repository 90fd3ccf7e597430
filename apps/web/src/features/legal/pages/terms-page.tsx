import { PageHeader } from '@/components/page/page-header';
import { LegalDocumentView } from '../legal-document-view';
import { termsOfService } from '../content/terms';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

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
