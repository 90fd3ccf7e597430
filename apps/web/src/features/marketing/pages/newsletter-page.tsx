import { endpoints } from '@alpenkube/contract/endpoints';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useLeadForm } from '@/components/lead-form/use-lead-form';
import { CheckboxField, TextField } from '@/components/lead-form/form-fields';
import { PublicForm } from '@/components/lead-form/public-form';
import { FormPageLayout } from '@/components/page/form-page-layout';
import { NewsletterTokenAction } from '../forms/newsletter-token-action';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';
import { useHydrated } from '@/lib/use-hydrated';

const contents = [
  'New Kubernetes versions on the platform and what changes for you',
  'New features, tiers, regions and add-ons',
  'One practical tutorial each month',
  'EU cloud regulation explained: GDPR, NIS2, the Data Act, HDS',
];

const loadSchema = () => import('@alpenkube/contract/public-forms').then((m) => m.newsletterSchema);

export function NewsletterPage() {
  useRouteMeta('/newsletter');
  const [params] = useSearchParams();
  // The prerendered page has no query: a mailed link's token acts once the page is live.
  const hydrated = useHydrated();
  const confirmToken = hydrated ? params.get('confirm') : null;
  const unsubscribeToken = hydrated ? params.get('unsubscribe') : null;
  const form = useLeadForm({
    schema: loadSchema,
    endpoint: endpoints.publicForms.newsletterSubscribe,
    initial: { email: '', consent: false as never, website: '' },
  });
  return (
    <FormPageLayout
      eyebrow="Newsletter"
      title="The Alpenkube newsletter"
      lead="One e-mail a month about Kubernetes on a sovereign European cloud. No advertising from third parties, unsubscribe in one click."
      aside={
        <section>
          <h2>In each issue</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5">
            {contents.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </section>
      }
    >
      <div className="grid gap-6">
        {confirmToken && <NewsletterTokenAction kind="confirm" token={confirmToken} />}
        {unsubscribeToken && <NewsletterTokenAction kind="unsubscribe" token={unsubscribeToken} />}
        <PublicForm
          form={form}
          submitLabel="Subscribe"
          success={{
            title: 'Check your inbox',
            resetLabel: 'Subscribe another address',
            message:
              form.mutation.data?.message ??
              `We sent a confirmation link to ${String(form.values.email)}. Your subscription starts when you click it; without a click we delete the address after 7 days.`,
          }}
          footnote="Double opt-in: we first send a confirmation link, so nobody can subscribe an address that is not theirs."
        >
          <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
          <CheckboxField
            form={form}
            name="consent"
            label={
              <>
                I agree to receive the monthly newsletter. I can unsubscribe at any time with the
                link in every issue (see the{' '}
                <Link className="text-primary underline" to={paths.privacyPolicy}>
                  privacy policy
                </Link>
                ).
              </>
            }
          />
        </PublicForm>
      </div>
    </FormPageLayout>
  );
}
