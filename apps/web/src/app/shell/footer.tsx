import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { useClusterTiers } from '@/lib/cluster-tiers';
import { paths } from '@/config/paths';
import { BrandLogo } from './brand-logo';
import { publicQueries } from '@/lib/public-queries';
import { DEFAULT_VERSION_TEXT, footerTierLinks } from './footer-tiers';

const complianceClaims = ['GDPR', 'HDS', 'CISPE', 'Data sovereignty'];

const resourceLinks = [
  { to: paths.documentation, label: 'Documentation' },
  { to: paths.tutorials, label: 'Tutorials' },
  { to: paths.newsletter, label: 'Newsletter' },
];

const companyLinks = [
  { to: paths.about, label: 'About' },
  { to: paths.contact, label: 'Contact' },
  { to: paths.privacyPolicy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms' },
];

function FooterColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={`${link.to}-${link.label}`}>
            <Link
              to={link.to}
              className="text-muted-foreground transition-colors hover:text-foreground"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Footer() {
  // Failures leave the fallbacks in place; the footer never shows an error.
  const tiers = useClusterTiers();
  const version = useQuery(publicQueries.version());
  const tierLinks = footerTierLinks(Array.isArray(tiers.data) ? tiers.data : null).map((t) => ({
    to: paths.clusterType(t.type),
    label: t.label,
  }));

  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[1.5fr_1fr_1fr_1fr] lg:px-6">
        <div className="space-y-4">
          <BrandLogo />
          <p className="max-w-xs text-sm text-muted-foreground">
            Managed Kubernetes on a sovereign European cloud. A new organization keeps its data in
            EU regions: the server refuses others unless its admins allow them.
          </p>
          <ul className="flex flex-wrap gap-2" aria-label="Compliance">
            {complianceClaims.map((claim) => (
              <li key={claim}>
                <Badge variant="outline" className="bg-background">
                  {claim}
                </Badge>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">
            GDPR, HDS, CISPE and data-sovereignty compliant.
          </p>
        </div>
        <FooterColumn title="Cluster types" links={tierLinks} />
        <FooterColumn title="Resources" links={resourceLinks} />
        <FooterColumn title="Company" links={companyLinks} />
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-4 text-xs text-muted-foreground sm:flex-row sm:items-center sm:justify-between lg:px-6">
          {/* Around New Year the prerendered year and the visitor's may differ for some hours (time
              zones): the HTML's stays rather than a hydration error. */}
          <p suppressHydrationWarning>
            © {new Date().getFullYear()} Alpenkube. All rights reserved.
          </p>
          <p className="flex items-center gap-2" data-testid="app-version">
            <span>{version.data?.displayVersion ?? DEFAULT_VERSION_TEXT}</span>
            {version.data?.environment === 'development' ? (
              <Badge variant="warning">DEV</Badge>
            ) : null}
          </p>
        </div>
      </div>
    </footer>
  );
}
