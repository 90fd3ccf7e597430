import type { Cluster, NodeSize, Tier } from '@alpenkube/contract';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { Spinner } from '@/components/ui/spinner';
import { useMoney } from '@/components/pricing/use-money';
import { addedPool, autoscaleBounds, MAX_NODE_POOLS } from '@/lib/catalog/cluster-config-rules';
import { addPoolSchema, poolFormError } from './pool-schemas';
import { useClusterChange } from '../queries';
import { useClusterTier } from './use-cluster-tier';
import { addNodePool } from '../requests';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { AutoscaleFields } from './autoscale-fields';
import { NumberInput } from './number-input';
import { PoolShapeFields } from '../shape/pool-shape-fields';

/** "4 vCPU, 16 GB memory, 100 GB disk, 1× NVIDIA L4" */
const sizeWords = (size: NodeSize) =>
  `${size.vcpu} vCPU, ${size.memoryGb} GB${size.gpu ? `, ${size.gpu.count}× ${size.gpu.model}` : ''}`;

function AddPoolFields({
  cluster,
  tier,
  close,
}: {
  cluster: Cluster;
  tier: Tier;
  close: () => void;
}) {
  const { toast } = useToast();
  const { money } = useMoney();
  // Only the names matter to the next free name; the pools' limits are null, not undefined.
  const start = addedPool(
    cluster.nodePools.map(({ name, size, count }) => ({ name, size, count })),
    tier,
  );
  const form = useZodForm(addPoolSchema(tier, cluster.nodePools), {
    defaultValues: {
      ...start,
      on: false,
      ...autoscaleBounds(start.count, tier),
      labels: '',
      taints: '',
    },
  });
  const add = useClusterChange(
    (body: Parameters<typeof addNodePool>[1]) => addNodePool(cluster.id, body),
    {
      onSuccess: (_cluster, pool) => {
        close();
        toast({
          title: 'Node pool being added',
          description: `Pool ${pool.name}: ${pool.count} × ${pool.size}. Its nodes join one by one.`,
          variant: 'success',
        });
      },
      onError: (error) => setServerErrors(form, poolFormError(error)),
    },
  );
  const onSubmit = form.handleSubmit((pool) => add.mutate(pool));
  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <FormRootError />
        <FormInputField
          control={form.control}
          name="name"
          label="Pool name"
          render={(field) => <Input autoComplete="off" spellCheck={false} {...field} />}
        />
        <FormInputField
          control={form.control}
          name="size"
          label="Node size"
          description={`The sizes of ${tier.name}, price per node and month.`}
          render={(field) => (
            <NativeSelect {...field}>
              {tier.nodeSizes.map((size) => (
                <option key={size.name} value={size.name}>
                  {size.name} ({sizeWords(size)}) · {money(size.priceMonthly)}
                </option>
              ))}
            </NativeSelect>
          )}
        />
        <FormInputField
          control={form.control}
          name="count"
          label="Nodes"
          render={({ value, onChange, ...field }) => (
            <NumberInput min={1} max={tier.maxNodes} value={value} onChange={onChange} {...field} />
          )}
        />
        <AutoscaleFields maxNodes={tier.maxNodes} />
        <PoolShapeFields />
        <DialogFormFooter submitLabel="Add pool" pendingText="Adding…" pending={add.isPending} />
      </form>
    </Form>
  );
}

/**
 * A new pool of one of the tier's sizes (once the catalog is at hand), while the cluster has
 * fewer than the most pools a cluster may have.
 */
export function AddPoolForm({ cluster, close }: { cluster: Cluster; close: () => void }) {
  const tier = useClusterTier(cluster.tier.slug);
  if (cluster.nodePools.length >= MAX_NODE_POOLS) {
    return (
      <p className="text-sm text-muted-foreground">
        A cluster has at most {MAX_NODE_POOLS} node pools: remove one before adding another.
      </p>
    );
  }
  if (!tier) return <Spinner label="Loading the tier’s node sizes…" className="py-6" />;
  return <AddPoolFields cluster={cluster} tier={tier} close={close} />;
}
