import type { Catalog, Provider, providerValidateSchema, Tier } from '@alpenkube/contract';
import { Checkbox } from '@/components/ui/checkbox';
import {
  FormControl,
  FormField,
  FormInputField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/hook-form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { ZodFormReturn } from '@/components/ui/use-zod-form';

/** The dry run's fields: what a configuration names, one node pool of it. */
export function DryRunFields({
  form,
  catalog,
  provider,
  tier,
}: {
  form: ZodFormReturn<typeof providerValidateSchema>;
  catalog: Catalog;
  provider: Provider;
  tier: Tier | undefined;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormInputField
        control={form.control}
        name="tier"
        label="Tier"
        render={(field) => (
          <NativeSelect {...field}>
            {catalog.tiers.map((option) => (
              <option key={option.slug} value={option.slug}>
                {option.name}
              </option>
            ))}
          </NativeSelect>
        )}
      />
      <FormInputField
        control={form.control}
        name="region"
        label="Region"
        render={(field) => (
          <NativeSelect {...field}>
            {provider.regions.map((region) => (
              <option key={region.code} value={region.code}>
                {region.city}, {region.country} ({region.code})
              </option>
            ))}
          </NativeSelect>
        )}
      />
      <FormInputField
        control={form.control}
        name="kubernetesVersion"
        label="Kubernetes version"
        render={(field) => (
          <NativeSelect {...field}>
            {catalog.kubernetesVersions.map((version) => (
              <option key={version.minor} value={version.minor}>
                {version.minor}
              </option>
            ))}
          </NativeSelect>
        )}
      />
      <FormInputField
        control={form.control}
        name="nodePools.0.size"
        label="Node size"
        render={(field) => (
          <NativeSelect {...field}>
            {(tier?.nodeSizes ?? []).map((size) => (
              <option key={size.name} value={size.name}>
                {size.name} · {size.vcpu} vCPU · {size.memoryGb} GB
              </option>
            ))}
          </NativeSelect>
        )}
      />
      <FormInputField
        control={form.control}
        name="nodePools.0.count"
        label="Nodes"
        render={({ value, onChange, ...field }) => (
          <Input
            {...field}
            type="number"
            inputMode="numeric"
            step={1}
            value={Number.isNaN(value) ? '' : value}
            onChange={(event) =>
              onChange(event.target.value === '' ? Number.NaN : event.target.valueAsNumber)
            }
          />
        )}
      />
      <FormField
        control={form.control}
        name="haControlPlane"
        render={({ field: { value, onChange, ...field } }) => (
          <FormItem className="flex flex-row items-center gap-2 self-end pb-2">
            <FormControl>
              <Checkbox
                {...field}
                checked={value}
                onChange={(event) => onChange(event.target.checked)}
              />
            </FormControl>
            <FormLabel className="font-normal">High-availability control plane</FormLabel>
            <FormMessage />
          </FormItem>
        )}
      />
    </div>
  );
}
