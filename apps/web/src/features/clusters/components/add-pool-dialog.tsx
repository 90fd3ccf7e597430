import { Plus } from 'lucide-react';
import type { Cluster, NodeSize, Tier } from '@alpenkube/contract';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { useMoney } from '@/components/pricing/use-money';
import { addedPool, autoscaleBounds, MAX_NODE_POOLS } from '@/lib/catalog/cluster-config-rules';
import { addPoolSchema, poolFormError } from '../pool-schemas';
import { useClusterChange, useClusterTier } from '../queries';
import { addNodePool } from '../requests';
import { ActionFormDialog, DialogFormFooter } from './action-form-dialog';
import { AutoscaleFields } from './autoscale-fields';
import { NumberInput } from './number-input';

/** "4 vCPU, 16 GB memory, 100 GB disk, 1× NVIDIA L4" */
const sizeWords = (size: NodeSize) =>
  `${size.vcpu} vCPU, ${size.memoryGb} GB${size.gpu ? `, ${size.gpu.count}× ${size.gpu.model}` : ''}`;

function AddPoolForm({
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
    defaultValues: { ...start, on: false, ...autoscaleBounds(start.count, tier) },
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
        <DialogFormFooter submitLabel="Add pool" pendingText="Adding…" pending={add.isPending} />
      </form>
    </Form>
  );
}

/** Adds a node pool of one of the tier's sizes; the cluster's monthly cost grows with it. */
export function AddPoolDialog({ cluster, allowed }: { cluster: Cluster; allowed: boolean }) {
  const tier = useClusterTier(cluster.tier.slug);
  const full = cluster.nodePools.length >= MAX_NODE_POOLS;
  return (
    <ActionFormDialog
      trigger={
        <>
          <Plus aria-hidden="true" />
          Add pool
        </>
      }
      triggerProps={{
        disabled: !allowed || !tier || full,
        title: full ? `At most ${MAX_NODE_POOLS} node pools` : undefined,
      }}
      title={`Add a node pool to ${cluster.name}`}
      description="Nodes of another size beside the existing pools, for workloads that need them."
    >
      {(close) => (tier ? <AddPoolForm cluster={cluster} tier={tier} close={close} /> : null)}
    </ActionFormDialog>
  );
}
