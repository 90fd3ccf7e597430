import type { Cluster, NodePool, UpdateNodePool } from '@alpenkube/contract';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { poolFormError, scalePoolSchema } from './pool-schemas';
import { useClusterChange } from '../queries';
import { useClusterTier } from './use-cluster-tier';
import { updateNodePool } from '../requests';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { NumberInput } from './number-input';

export function ScaleForm({
  cluster,
  pool,
  close,
}: {
  cluster: Cluster;
  pool: NodePool;
  close: () => void;
}) {
  const { toast } = useToast();
  const tier = useClusterTier(cluster.tier.slug);
  const form = useZodForm(scalePoolSchema(tier), { defaultValues: { count: pool.count } });
  const scale = useClusterChange(
    (body: UpdateNodePool) => updateNodePool(cluster.id, pool.id, body),
    {
      onSuccess: (_cluster, { count }) => {
        close();
        toast({
          title: 'Scaling started',
          description: `Pool ${pool.name} is being scaled from ${pool.count} to ${count} nodes.`,
          variant: 'success',
        });
      },
      onError: (error) => setServerErrors(form, poolFormError(error)),
    },
  );
  const onSubmit = form.handleSubmit((body) => scale.mutate(body));
  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <FormRootError />
        <FormInputField
          control={form.control}
          name="count"
          label="Nodes"
          description={`Now ${pool.count}${tier ? `; ${tier.name} takes up to ${tier.maxNodes}` : ''}.`}
          render={({ value, onChange, ...field }) => (
            <NumberInput
              min={1}
              max={tier?.maxNodes}
              value={value}
              onChange={onChange}
              {...field}
            />
          )}
        />
        <DialogFormFooter submitLabel="Scale" pendingText="Scaling…" pending={scale.isPending} />
      </form>
    </Form>
  );
}
