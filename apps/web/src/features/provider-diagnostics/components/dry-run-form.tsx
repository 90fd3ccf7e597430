import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { providerValidateSchema, type Catalog, type Provider } from '@alpenkube/contract';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { SubmitButton } from '@/components/ui/form';
import { Form, FormRootError } from '@/components/ui/hook-form';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { findTier, haOffer } from '@/lib/catalog/cluster-config-rules';
import { dryRunDefaults } from '../dry-run-defaults';
import { useProviderDryRun } from '../queries';
import { DryRunFields } from './dry-run-fields';
import { ValidationResult } from './validation-result';

/**
 * A configuration to check against one provider's driver: tier, region, version, one node pool
 * and the HA control plane. Posting it creates nothing; the answer shows under the form.
 */
export function DryRunForm({
  catalog,
  provider,
  providerName,
}: {
  catalog: Catalog;
  provider: Provider;
  providerName: string;
}) {
  const form = useZodForm(providerValidateSchema, {
    defaultValues: dryRunDefaults(catalog, provider),
  });
  const dryRun = useProviderDryRun(provider.slug);
  const tier = findTier(catalog, useWatch({ control: form.control, name: 'tier' }));

  // Another tier offers other sizes: keep the pool on one of them.
  useEffect(() => {
    const size = form.getValues('nodePools.0.size');
    if (tier && !tier.nodeSizes.some((option) => option.name === size)) {
      form.setValue('nodePools.0.size', tier.nodeSizes[0]?.name ?? '');
    }
    // A tier that includes the HA control plane sells only that; one without it, never.
    const offer = haOffer(tier);
    if (offer !== 'extra') form.setValue('haControlPlane', offer === 'included');
  }, [tier, form]);

  const submit = form.handleSubmit((values) =>
    dryRun.mutate(values, { onError: (error) => setServerErrors(form, error) }),
  );

  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <h2 className="leading-none font-semibold tracking-tight">Dry-run validation</h2>
        <CardDescription>
          Ask the {providerName} driver whether it would create this cluster. Nothing is created or
          charged.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5 p-4 pt-0 sm:p-6 sm:pt-0">
        <Form {...form}>
          <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
            <DryRunFields form={form} catalog={catalog} provider={provider} tier={tier} />
            <FormRootError />
            <SubmitButton pending={dryRun.isPending} pendingText="Asking the driver…">
              Validate with {providerName}
            </SubmitButton>
          </form>
        </Form>
        <div aria-live="polite" data-testid="dry-run-result">
          {dryRun.data ? (
            <ValidationResult result={dryRun.data} providerName={providerName} />
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
