import {
  createLoadBalancerSchema,
  createVolumeSchema,
  storageClasses,
  VOLUME_MAX_GB,
  VOLUME_MIN_GB,
} from '@alpenkube/contract';
import { DialogFormFooter } from '@/components/ui/dialog-form-footer';
import { Form, FormInputField, FormRootError } from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { setServerErrors, useZodForm } from '@/components/ui/use-zod-form';
import { useToast } from '@/components/ui/use-toast';
import { NumberInput } from '../forms/number-input';
import {
  createLoadBalancer,
  createVolume,
  loadBalancersQuery,
  useStorageChange,
  volumesQuery,
} from './storage-queries';

const defaultClass = storageClasses.find((entry) => entry.default)!.slug;

/** A new persistent volume: a name, its size and a storage class; billed by the GB-hour. */
export function VolumeForm({ clusterId, close }: { clusterId: number; close: () => void }) {
  const { toast } = useToast();
  const form = useZodForm(createVolumeSchema, {
    defaultValues: { name: '', sizeGb: 20, storageClass: defaultClass },
  });
  const create = useStorageChange(
    volumesQuery(clusterId).queryKey,
    (body: Parameters<typeof createVolume>[1]) => createVolume(clusterId, body),
    {
      onSuccess: () => {
        close();
        toast({ title: 'Volume created', variant: 'success' });
      },
      onError: (error) => setServerErrors(form, error),
    },
  );
  const onSubmit = form.handleSubmit((body) => create.mutate(body));
  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <FormRootError />
        <FormInputField
          control={form.control}
          name="name"
          label="Name"
          description="Lowercase letters, digits and hyphens; kubectl lists it as a PersistentVolume."
          render={(field) => <Input autoComplete="off" spellCheck={false} {...field} />}
        />
        <FormInputField
          control={form.control}
          name="sizeGb"
          label="Size (GB)"
          description={`From ${VOLUME_MIN_GB} to ${VOLUME_MAX_GB.toLocaleString('en')} GB.`}
          render={({ value, onChange, ...field }) => (
            <NumberInput
              min={VOLUME_MIN_GB}
              max={VOLUME_MAX_GB}
              value={value}
              onChange={onChange}
              {...field}
            />
          )}
        />
        <FormInputField
          control={form.control}
          name="storageClass"
          label="Storage class"
          render={(field) => (
            <NativeSelect {...field}>
              {storageClasses.map((entry) => (
                <option key={entry.slug} value={entry.slug}>
                  {entry.slug} ({entry.name})
                </option>
              ))}
            </NativeSelect>
          )}
        />
        <DialogFormFooter
          submitLabel="Create volume"
          pendingText="Creating…"
          pending={create.isPending}
        />
      </form>
    </Form>
  );
}

/** A new load balancer: a name; the provider gives it a public address. */
export function LoadBalancerForm({ clusterId, close }: { clusterId: number; close: () => void }) {
  const { toast } = useToast();
  const form = useZodForm(createLoadBalancerSchema, { defaultValues: { name: '' } });
  const create = useStorageChange(
    loadBalancersQuery(clusterId).queryKey,
    (body: Parameters<typeof createLoadBalancer>[1]) => createLoadBalancer(clusterId, body),
    {
      onSuccess: () => {
        close();
        toast({ title: 'Load balancer created', variant: 'success' });
      },
      onError: (error) => setServerErrors(form, error),
    },
  );
  const onSubmit = form.handleSubmit((body) => create.mutate(body));
  return (
    <Form {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <FormRootError />
        <FormInputField
          control={form.control}
          name="name"
          label="Name"
          description="kubectl lists it as a Service of type LoadBalancer in the default namespace."
          render={(field) => <Input autoComplete="off" spellCheck={false} {...field} />}
        />
        <DialogFormFooter
          submitLabel="Create load balancer"
          pendingText="Creating…"
          pending={create.isPending}
        />
      </form>
    </Form>
  );
}
