import { endpoints } from '@alpenkube/contract/endpoints';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { sourcePlatforms } from '@alpenkube/contract/public-form-options';
import { useLeadForm } from '@/components/lead-form/use-lead-form';
import {
  CheckboxField,
  FieldGrid,
  SelectField,
  TextField,
  TextareaField,
} from '@/components/lead-form/form-fields';
import { IdentityFields } from '../forms/lead-fields';
import { PublicForm } from '@/components/lead-form/public-form';
import { FormPageLayout, NextSteps } from '@/components/page/form-page-layout';
import { useRouteMeta } from '@/lib/page-meta/use-page-meta';

const loadSchema = () =>
  import('@alpenkube/contract/public-forms').then((m) => m.workloadMigrationSchema);

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
    schema: loadSchema,
    endpoint: endpoints.publicForms.workloadMigration,
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
      <PublicForm
        form={form}
        submitLabel="Request a migration assessment"
        success={{
          title: 'Request received',
          message:
            form.mutation.data?.message ??
            `A migration engineer will contact ${String(form.values.email)} within two business days.`,
        }}
      >
        <FieldGrid>
          <IdentityFields form={form} />
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
        </FieldGrid>
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
      </PublicForm>
    </FormPageLayout>
  );
}
