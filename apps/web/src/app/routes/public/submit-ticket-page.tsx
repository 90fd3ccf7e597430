import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { FormPageLayout, NextSteps } from '@/components/page/form-page-layout';
import { TicketForm } from '@/features/support/ticket-form';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

export function SubmitTicketPage() {
  useRouteMeta('/submit-ticket');
  return (
    <FormPageLayout
      eyebrow="Support"
      title="Submit a ticket"
      lead="No account needed: describe the problem and we e-mail you a tracking code to follow the ticket and reply."
      aside={
        <>
          <NextSteps
            steps={[
              'You get a tracking code on screen and by e-mail.',
              'An engineer answers by e-mail; the first answer time depends on the severity.',
              'Follow the ticket and reply on the Track a ticket page with the code and your e-mail.',
            ]}
          />
          <section>
            <h2>Have an account?</h2>
            <p className="mt-2">
              <Link className="text-primary underline" to={paths.auth}>
                Sign in
              </Link>{' '}
              to open the ticket from your dashboard: it is then linked to your organization and its
              clusters.
            </p>
          </section>
        </>
      }
    >
      <TicketForm />
    </FormPageLayout>
  );
}
