import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { FormPageLayout } from '@/components/page/form-page-layout';
import { TicketForm } from '@/features/support/ticket-form';
import { SeverityTable } from '@/features/support/severity-table';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

const checklist = [
  'The cluster’s name and region (never the kubeconfig).',
  'What you expected, what happened, and the exact error message.',
  'When it started and what changed just before.',
  'The output of kubectl get nodes and kubectl get events -A.',
];

export function TechnicalSupportPage() {
  useRouteMeta('/technical-support');
  return (
    <FormPageLayout
      eyebrow="Support"
      title="Technical support"
      lead="Problems with a cluster, an add-on or the console reach our platform engineers. Urgent incidents are answered around the clock on the Business and Enterprise plans."
      aside={
        <>
          <section>
            <h2>Before you write</h2>
            <p className="mt-2">
              Check{' '}
              <Link className="text-primary underline" to={paths.testService}>
                service status
              </Link>{' '}
              and the{' '}
              <Link className="text-primary underline" to={paths.documentation}>
                documentation
              </Link>
              ; the{' '}
              <Link className="text-primary underline" to={paths.tutorial('support')}>
                support guide
              </Link>{' '}
              explains how to get the fastest answer.
            </p>
          </section>
          <section>
            <h2>Include</h2>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {checklist.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
          <section>
            <h2>Response times</h2>
            <div className="mt-3">
              <SeverityTable />
            </div>
          </section>
        </>
      }
    >
      <h2 className="mb-6 text-lg font-semibold">Open a technical ticket</h2>
      <TicketForm category="technical" />
    </FormPageLayout>
  );
}
