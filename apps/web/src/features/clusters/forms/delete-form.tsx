import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { Cluster } from '@alpenkube/contract';
import { deleteClusterSchema } from '@alpenkube/contract';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { useClusterChange } from '../queries';
import { deleteCluster } from '../requests';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';

export function DeleteForm({ cluster }: { cluster: Pick<Cluster, 'id' | 'name'> }) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const form = useZodForm(
    deleteClusterSchema.refine(({ name }) => name === cluster.name, {
      path: ['name'],
      message: `Type the cluster's name, ${cluster.name}, to delete it`,
    }),
    { defaultValues: { name: '' } },
  );
  const typed = useWatch({ control: form.control, name: 'name' });
  const remove = useClusterChange((name: string) => deleteCluster(cluster.id, name), {
    onSuccess: (deleting) => {
      toast({
        title: 'Cluster being deleted',
        description: `${deleting.name} is being deleted; it leaves the list once it is gone.`,
        variant: 'success',
      });
      void navigate(paths.myClusters);
    },
    onError: (error) => setServerErrors(form, error),
  });
  const onSubmit = form.handleSubmit(({ name }) => remove.mutate(name));
  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <FormRootError />
        <FormInputField
          control={form.control}
          name="name"
          label={
            <>
              Type <span className="font-mono">{cluster.name}</span> to confirm
            </>
          }
          render={(field) => (
            <Input autoComplete="off" spellCheck={false} autoCapitalize="none" {...field} />
          )}
        />
        <DialogFormFooter
          submitLabel="Delete cluster"
          pendingText="Deleting…"
          pending={remove.isPending}
          disabled={typed !== cluster.name}
          destructive
        />
      </form>
    </Form>
  );
}
