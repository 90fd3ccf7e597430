import type { Cluster, NodePool, UpdateNodePool } from '@alpenkube/contract';
import { Form, FormRootError } from '@/components/ui/hook-form';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { autoscaleBounds } from '@/lib/catalog/cluster-config-rules';
import { autoscaleSchema, poolFormError } from './pool-schemas';
import { useClusterChange } from '../queries';
import { useClusterTier } from './use-cluster-tier';
import { updateNodePool } from '../requests';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { AutoscaleFields } from './autoscale-fields';

function autoscaleWords({ autoscaleMin, autoscaleMax }: UpdateNodePool, pool: NodePool) {
  return autoscaleMin === null || autoscaleMin === undefined
    ? `Pool ${pool.name} keeps ${pool.count} nodes.`
    : `Pool ${pool.name} autoscales between ${autoscaleMin} and ${autoscaleMax} nodes.`;
}

export function AutoscaleForm({
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
  const bounds = autoscaleBounds(pool.count, tier);
  const form = useZodForm(autoscaleSchema, {
    defaultValues: {
      on: pool.autoscaleMin !== null,
      autoscaleMin: pool.autoscaleMin ?? bounds.autoscaleMin,
      autoscaleMax: pool.autoscaleMax ?? bounds.autoscaleMax,
    },
  });
  const save = useClusterChange(
    (body: UpdateNodePool) => updateNodePool(cluster.id, pool.id, body),
    {
      onSuccess: (_cluster, body) => {
        close();
        toast({
          title: 'Autoscaling saved',
          description: autoscaleWords(body, pool),
          variant: 'success',
        });
      },
      onError: (error) => setServerErrors(form, poolFormError(error)),
    },
  );
  const onSubmit = form.handleSubmit((body) => save.mutate(body));
  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <FormRootError />
        <AutoscaleFields maxNodes={tier?.maxNodes} />
        <p className="text-sm text-muted-foreground">
          The limits are recorded with the pool for your own tools: nothing scales the pool on them
          yet, so it keeps its {pool.count} nodes until you resize it. The node count must lie
          between the two limits.
        </p>
        <DialogFormFooter
          submitLabel="Save autoscaling"
          pendingText="Saving…"
          pending={save.isPending}
        />
      </form>
    </Form>
  );
}
