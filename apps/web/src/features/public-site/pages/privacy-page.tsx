import { PageHeader } from '@/components/page/page-header';
import { LegalDocumentView } from '../components/legal-document-view';
import { privacyPolicy } from '../content/legal/privacy';
import { useRouteMeta } from '../use-page-meta';
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
