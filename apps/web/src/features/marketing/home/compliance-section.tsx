import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { paths } from '@/config/paths';
import { complianceClaims } from './compliance-claims';

export function ComplianceSection() {
  return (
    <section aria-labelledby="compliance-heading" className="border-y border-border bg-muted/40">
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="max-w-2xl">
          <h2 id="compliance-heading" className="text-3xl font-bold tracking-tight">
            Compliance you can show an auditor
          </h2>
          <p className="mt-3 text-muted-foreground">
            Claims are easy to print. Each of ours comes with the contract clause, the certificate
            or the report behind it, and the Officers Panel gives your compliance team the audit log
            to prove it.
          </p>
        </div>
        <div className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {complianceClaims.map((claim) => (
            <div key={claim.id} className="rounded-xl border border-border bg-card p-6">
              <ShieldCheck className="size-6 text-primary" aria-hidden="true" />
              <h3 className="mt-4 font-semibold">{claim.title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{claim.text}</p>
            </div>
          ))}
        </div>
        <p className="mt-8 text-sm">
          <Link
            to={paths.tutorial('security-and-compliance')}
            className="font-medium text-primary hover:underline"
          >
            Read how security and compliance work on Alpenkube →
          </Link>
        </p>
      </div>
    </section>
  );
}
