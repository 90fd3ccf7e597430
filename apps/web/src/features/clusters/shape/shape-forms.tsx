import type { Cluster, NodePool } from '@alpenkube/contract';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { useClusterChange } from '../queries';
import { clusterTagsFormSchema, poolLabelsFormSchema } from './shape-schemas';
import { updateClusterTags, updateNodePoolLabels } from './shape-requests';
import { labelText, taintText } from './shape-words';
import { PoolShapeFields } from './pool-shape-fields';

/** A pool's labels and taints, one per line; saved whole, its nodes carry them at once. */
export function PoolLabelsForm({
  cluster,
  pool,
  close,
}: {
  cluster: Cluster;
  pool: NodePool;
  close: () => void;
}) {
  const { toast } = useToast();
  const form = useZodForm(poolLabelsFormSchema, {
    defaultValues: {
      labels: Object.entries(pool.labels).map(labelText).join('\n'),
      taints: pool.taints.map(taintText).join('\n'),
    },
  });
  const save = useClusterChange(
    (body: Parameters<typeof updateNodePoolLabels>[2]) =>
      updateNodePoolLabels(cluster.id, pool.id, body),
    {
      onSuccess: () => {
        close();
        toast({
          title: 'Labels and taints saved',
          description: `The ${pool.nodes.length} nodes of pool ${pool.name} carry them now.`,
          variant: 'success',
        });
      },
      onError: (error) => setServerErrors(form, error),
    },
  );
  const onSubmit = form.handleSubmit((body) => save.mutate(body));
  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <FormRootError />
        <PoolShapeFields />
        <DialogFormFooter submitLabel="Save" pendingText="Saving…" pending={save.isPending} />
      </form>
    </Form>
  );
}

/** The cluster's tags, with commas or spaces between them. */
export function ClusterTagsForm({ cluster, close }: { cluster: Cluster; close: () => void }) {
  const { toast } = useToast();
  const form = useZodForm(clusterTagsFormSchema, {
    defaultValues: { tags: cluster.tags.join(', ') },
  });
  const save = useClusterChange((tags: string[]) => updateClusterTags(cluster.id, tags), {
    onSuccess: (tagged) => {
      close();
      toast({
        title: 'Tags saved',
        description: tagged.tags.length ? tagged.tags.join(', ') : 'The cluster has no tags.',
        variant: 'success',
      });
    },
    onError: (error) => setServerErrors(form, error),
  });
  const onSubmit = form.handleSubmit(({ tags }) => save.mutate(tags));
  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <FormRootError />
        <FormInputField
          control={form.control}
          name="tags"
          label="Tags"
          description="Up to 20, with commas between them: lowercase letters, digits, -, _ and :, e.g. team:web, cost-center-42."
          render={(field) => (
            <Input
              autoComplete="off"
              spellCheck={false}
              placeholder="team:web, env-prod"
              {...field}
            />
          )}
        />
        <DialogFormFooter submitLabel="Save tags" pendingText="Saving…" pending={save.isPending} />
      </form>
    </Form>
  );
}
