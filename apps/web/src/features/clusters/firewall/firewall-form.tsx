import type { Cluster } from '@alpenkube/contract';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Textarea } from '@/components/ui/textarea';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { useClusterChange } from '../queries';
import { updateApiAllowlist } from './firewall-requests';
import { apiAllowlistFormSchema } from './firewall-schema';

/** The control-plane allowlist, one CIDR per line; saved whole, in force at the next request. */
export function ApiAllowlistForm({ cluster, close }: { cluster: Cluster; close: () => void }) {
  const { toast } = useToast();
  const form = useZodForm(apiAllowlistFormSchema, {
    defaultValues: { cidrs: cluster.apiAllowlist.join('\n') },
  });
  const save = useClusterChange((cidrs: string[]) => updateApiAllowlist(cluster.id, cidrs), {
    onSuccess: (saved) => {
      close();
      toast({
        title: 'Control-plane allowlist saved',
        description: saved.apiAllowlist.length
          ? `Only ${saved.apiAllowlist.join(', ')} may reach the Kubernetes API.`
          : 'The Kubernetes API is open to all addresses.',
        variant: 'success',
      });
    },
    onError: (error) => setServerErrors(form, error),
  });
  const onSubmit = form.handleSubmit(({ cidrs }) => save.mutate(cidrs));
  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <FormRootError />
        <FormInputField
          control={form.control}
          name="cidrs"
          label="Allowed addresses"
          description="One IPv4 or IPv6 CIDR per line, e.g. 203.0.113.0/24 or 2001:db8::/32; a bare address is one host. Leave empty to allow all. Make sure your own address is in it."
          render={(field) => (
            <Textarea
              rows={6}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              placeholder={'203.0.113.0/24\n2001:db8::/32'}
              {...field}
            />
          )}
        />
        <DialogFormFooter
          submitLabel="Save allowlist"
          pendingText="Saving…"
          pending={save.isPending}
        />
      </form>
    </Form>
  );
}
