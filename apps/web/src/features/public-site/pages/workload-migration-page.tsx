import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { sourcePlatforms, workloadMigrationSchema } from '@alpenkube/contract';
import { useLeadForm } from '../forms/use-lead-form';
import {
  CheckboxField,
  HoneypotField,
  SelectField,
  TextField,
  TextareaField,
} from '../forms/form-fields';
import { FormError, FormSuccess, SubmitButton } from '../forms/form-status';
import { FormPageLayout, NextSteps } from '../forms/form-page-layout';
import { useRouteMeta } from '../use-page-meta';

const platformLabels: Record<(typeof sourcePlatforms)[number], string> = {
  eks: 'Amazon EKS',
  gke: 'Google GKE',
  aks: 'Azure AKS',
  openshift: 'Red Hat OpenShift',
  rancher: 'Rancher / RKE',
  'self-managed': 'Self-managed Kubernetes',
  'virtual-machines': 'Virtual machines (not containerised yet)',
  other: 'Something else',
};

export function WorkloadMigrationPage() {
  useRouteMeta('/workload-migration');
  const form = useLeadForm({
    schema: workloadMigrationSchema,
    endpoint: '/api/leads/workload-migration',
    initial: {
      name: '',
      email: '',
      company: '',
      sourcePlatform: '' as never,
      clusterCount: '' as never,
      statefulData: false,
      targetDate: '',
      details: '',
      website: '',
    },
  });
  return (
    <FormPageLayout
      eyebrow="Migration"
      title="Workload migration"
      lead="Our engineers move your workloads from another provider to Alpenkube: inventory, target design, data transfer and a cut-over with a way back."
      aside={
        <>
          <NextSteps
            steps={[
              'A migration engineer contacts you within two business days to plan an assessment.',
              'The assessment inventories your clusters and lists what needs changing.',
              'You get a fixed-price migration plan with dates and a rollback path.',
            ]}
          />
          <section>
            <h2>Doing it yourself?</h2>
            <p className="mt-2">
              Our{' '}
              <Link className="text-primary underline" to={paths.tutorial('migration')}>
                migration tutorial
              </Link>{' '}
              walks through the same method with Velero.
            </p>
          </section>
        </>
      }
    >
      {form.mutation.isSuccess ? (
        <FormSuccess title="Request received" onReset={form.reset}>
          {form.mutation.data?.message ??
            `A migration engineer will contact ${String(form.values.email)} within two business days.`}
        </FormSuccess>
      ) : (
        <form noValidate onSubmit={form.handleSubmit} className="grid gap-5">
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField form={form} name="name" label="Your name" autoComplete="name" />
            <TextField
              form={form}
              name="email"
              label="Work e-mail"
              type="email"
              autoComplete="email"
            />
            <TextField form={form} name="company" label="Company" autoComplete="organization" />
            <SelectField
              form={form}
              name="sourcePlatform"
              label="Where the workloads run today"
              options={sourcePlatforms.map((p) => ({ value: p, label: platformLabels[p] }))}
            />
            <TextField
              form={form}
              name="clusterCount"
              label="Number of clusters"
              type="number"
              inputMode="numeric"
              min={1}
            />
            <TextField form={form} name="targetDate" label="Target date (optional)" type="date" />
          </div>
          <CheckboxField
            form={form}
            name="statefulData"
            label="Some workloads keep data in persistent volumes or databases"
          />
          <TextareaField
            form={form}
            name="details"
            label="About the workloads"
            rows={6}
            description="Main applications, data volumes, constraints such as maintenance windows."
          />
          <HoneypotField form={form} />
          <FormError form={form} />
          <div>
            <SubmitButton form={form}>Request a migration assessment</SubmitButton>
          </div>
        </form>
      )}
    </FormPageLayout>
  );
}
