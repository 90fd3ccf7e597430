import type { Cluster } from '@alpenkube/contract';
import { upgradeClusterSchema } from '@alpenkube/contract';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { NativeSelect } from '@/components/ui/native-select';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { useClusterChange } from '../queries';
import { upgradeCluster } from '../requests';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';

export function UpgradeForm({ cluster, close }: { cluster: Cluster; close: () => void }) {
  const { toast } = useToast();
  const form = useZodForm(upgradeClusterSchema, {
    defaultValues: { version: cluster.upgrades[0] ?? '' },
  });
  const upgrade = useClusterChange((version: string) => upgradeCluster(cluster.id, version), {
    onSuccess: (upgrading) => {
      close();
      toast({
        title: 'Upgrade started',
        description: `${upgrading.name} is being upgraded; its nodes are replaced one by one.`,
        variant: 'success',
      });
    },
    onError: (error) => setServerErrors(form, error),
  });
  const onSubmit = form.handleSubmit(({ version }) => upgrade.mutate(version));
  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <FormRootError />
        <FormInputField
          control={form.control}
          name="version"
          label="Kubernetes version"
          description={`Now ${cluster.kubernetesPatch}. One minor version at a time, never down.`}
          render={(field) => (
            <NativeSelect {...field}>
              {cluster.upgrades.map((version) => (
                <option key={version} value={version}>
                  Kubernetes {version}
                </option>
              ))}
            </NativeSelect>
          )}
        />
        <DialogFormFooter
          submitLabel="Upgrade"
          pendingText="Starting the upgrade…"
          pending={upgrade.isPending}
        />
      </form>
    </Form>
  );
}
