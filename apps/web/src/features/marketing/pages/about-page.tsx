import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page/page-header';
import { ContentSection } from '@/components/page/content-section';
import { complianceClaims } from '../home/compliance-claims';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

const facts = [
  { value: '2019', label: 'founded by former platform engineers of European banks and hospitals' },
  { value: '100%', label: 'of customer data processed in EU data centres' },
  { value: '7', label: 'cluster tiers, from a learning sandbox to GPU pools' },
  { value: '24/7', label: 'on-call engineers for Enterprise customers' },
];

const principles = [
  {
    title: 'Sovereign by construction',
    text: 'We own our company and our keys. No parent company outside the EU, no sub-processor outside the EU for customer data, and a data-residency report that shows it cluster by cluster.',
  },
  {
    title: 'Upstream Kubernetes, no lock-in',
    text: 'Our clusters run certified upstream Kubernetes. What you build here runs anywhere, and leaving is documented as carefully as arriving.',
  },
  {
    title: 'Prices you can explain to finance',
    text: 'A price per control plane and per node, metered usage itemised by the hour, yearly plans for a fixed budget. No surprise egress bills between nodes.',
  },
  {
    title: 'Proof, not promises',
    text: 'Every sign-in, role change, order and export is in an append-only audit log your compliance officers can read and export themselves.',
  },
];

export function AboutPage() {
  useRouteMeta('/about');
  return (
    <>
      <PageHeader
        eyebrow="About us"
        title="Kubernetes for Europe, run from Europe"
        lead="Alpenkube is an independent European cloud provider. We run managed Kubernetes for hospitals, banks, public bodies and start-ups that need their data to stay under EU law."
      />
      <div className="mx-auto w-full max-w-6xl space-y-16 px-4 py-12 sm:px-6 lg:px-8">
        <dl className="grid grid-cols-2 gap-6 lg:grid-cols-4">
          {facts.map((fact) => (
            <div key={fact.label} className="rounded-xl border border-border bg-card p-5">
              <dt className="sr-only">{fact.label}</dt>
              <dd className="text-3xl font-bold tracking-tight text-primary">{fact.value}</dd>
              <dd className="mt-1 text-sm text-muted-foreground">{fact.label}</dd>
            </div>
          ))}
        </dl>
        <div className="max-w-3xl space-y-12">
          <ContentSection id="story" title="Why we started">
            <p>
              Our founders spent years moving regulated workloads to public clouds, and years
              answering the same questions from auditors: where exactly is the data, who can be
              compelled to hand it over, and how would we get it back? With the large providers, the
              honest answers were “in several places”, “possibly a foreign government” and “with
              difficulty”.
            </p>
            <p>
              Alpenkube exists so that the answers are simple. Your clusters run in the EU region
              you choose, on infrastructure operated by an EU company, under contracts governed by
              EU law, and everything that happens on the platform is recorded where your own
              officers can see it.
            </p>
          </ContentSection>
          <ContentSection id="hosting" title="Where we host">
            <p>
              Our own sovereign cloud runs in certified data centres in France and Germany, with the
              HDS-certified regions in France. Through the same console you can also run clusters on
              other providers when a project needs it; those clusters are always labelled with their
              real jurisdiction, so nothing leaves the EU by accident.
            </p>
          </ContentSection>
        </div>
        <section aria-labelledby="principles-heading">
          <h2 id="principles-heading" className="text-2xl font-bold tracking-tight">
            What we hold ourselves to
          </h2>
          <div className="mt-6 grid grid-cols-1 gap-5 md:grid-cols-2">
            {principles.map((p) => (
              <div key={p.title} className="rounded-xl border border-border bg-card p-6">
                <h3 className="font-semibold">{p.title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{p.text}</p>
              </div>
            ))}
          </div>
        </section>
        <section aria-labelledby="compliance-about-heading">
          <h2 id="compliance-about-heading" className="text-2xl font-bold tracking-tight">
            Our commitments
          </h2>
          <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2">
            {complianceClaims.map((claim) => (
              <li key={claim.id} className="rounded-xl bg-muted/50 p-5 text-sm">
                <strong className="text-foreground">{claim.title}.</strong>{' '}
                <span className="text-muted-foreground">{claim.text}</span>
              </li>
            ))}
          </ul>
        </section>
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <Link to={paths.careers}>Join the team</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={paths.contact}>Contact us</Link>
          </Button>
        </div>
      </div>
    </>
  );
}
