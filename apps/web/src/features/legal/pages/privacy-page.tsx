import { PageHeader } from '@/components/page/page-header';
import { LegalDocumentView } from '../legal-document-view';
import { privacyPolicy } from '../content/privacy';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';
import { useLocation } from 'react-router';

/** Served at /privacy-policy and /privacy. */
export function PrivacyPage() {
  useRouteMeta(useLocation().pathname);
  return (
    <>
      <PageHeader
        eyebrow="Legal"
        title="Privacy policy"
        lead="How Alpenkube handles personal data, in plain language."
      />
      <LegalDocumentView document={privacyPolicy} />
    </>
  );
}
