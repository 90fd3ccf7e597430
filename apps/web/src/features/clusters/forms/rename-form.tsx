import type { Cluster } from '@alpenkube/contract';
import { renameClusterSchema } from '@alpenkube/contract';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { useClusterChange } from '../queries';
import { renameCluster } from '../requests';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';

export function RenameForm({ cluster, close }: { cluster: Cluster; close: () => void }) {
  const { toast } = useToast();
  const form = useZodForm(renameClusterSchema, { defaultValues: { name: cluster.name } });
  const rename = useClusterChange((name: string) => renameCluster(cluster.id, name), {
    onSuccess: (renamed) => {
      close();
      toast({
        title: 'Cluster renamed',
        description: `It is now ${renamed.name}.`,
        variant: 'success',
      });
    },
    onError: (error) => setServerErrors(form, error),
  });
  const onSubmit = form.handleSubmit(({ name }) => rename.mutate(name));
  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <FormRootError />
        <FormInputField
          control={form.control}
          name="name"
          label="New name"
          description="Lowercase letters, digits and hyphens; unique in your organization."
          render={(field) => <Input autoComplete="off" spellCheck={false} {...field} />}
        />
        <DialogFormFooter submitLabel="Rename" pendingText="Renaming…" pending={rename.isPending} />
      </form>
    </Form>
  );
}
