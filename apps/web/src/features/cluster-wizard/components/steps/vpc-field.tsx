import { useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { WizardValues } from '../../wizard-schema';
import { useCreateVpc, useRegionVpcs } from '../../use-vpcs';

/**
 * The VPC network the cluster's nodes take their addresses from: one of the organization's in
 * the chosen region, a new one made here, or the region's default network (made with the first
 * cluster that has no choice).
 */
export function VpcField() {
  const form = useFormContext<WizardValues>();
  const [provider, region] = useWatch({ control: form.control, name: ['provider', 'region'] });
  const vpc = useController({ control: form.control, name: 'vpc' });
  const list = useRegionVpcs(provider, region);
  const [adding, setAdding] = useState(false);
  if (!list.isSuccess) return null;
  const hasDefault = list.data.some((one) => one.isDefault);
  return (
    <div className="grid gap-2">
      <label htmlFor="wizard-vpc" className="text-sm font-medium">
        VPC network
      </label>
      <p id="wizard-vpc-help" className="text-sm text-muted-foreground">
        The private network the cluster&apos;s nodes get their addresses from; clusters in one VPC
        reach each other privately.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <NativeSelect
          id="wizard-vpc"
          aria-describedby="wizard-vpc-help"
          className="sm:max-w-md"
          value={vpc.field.value ?? ''}
          onChange={(event) => vpc.field.onChange(event.target.value)}
        >
          {hasDefault ? null : (
            <option value="">Default network of this region (made for you, a /20)</option>
          )}
          {list.data.map((one) => (
            <option key={one.id} value={one.isDefault ? '' : String(one.id)}>
              {one.name} ({one.ipRange}){one.isDefault ? ', default' : ''}
            </option>
          ))}
        </NativeSelect>
        {adding ? null : (
          <Button type="button" variant="outline" size="sm" onClick={() => setAdding(true)}>
            New VPC
          </Button>
        )}
      </div>
      {adding ? (
        <NewVpc
          provider={provider}
          region={region}
          onMade={(id) => {
            vpc.field.onChange(String(id));
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        />
      ) : null}
    </div>
  );
}

/** A VPC made on the spot: a name and, optionally, its range (the server finds a free /20). */
function NewVpc({
  provider,
  region,
  onMade,
  onCancel,
}: {
  provider: string;
  region: string;
  onMade: (id: number) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [ipRange, setIpRange] = useState('');
  const create = useCreateVpc();
  const make = () =>
    create.mutate(
      {
        name: name.trim(),
        provider,
        region,
        ...(ipRange.trim() ? { ipRange: ipRange.trim() } : {}),
      },
      { onSuccess: (made) => onMade(made.id) },
    );
  return (
    <div className="grid gap-3 rounded-lg border p-3 sm:grid-cols-2" data-testid="new-vpc">
      <label className="grid gap-1 text-sm">
        <span className="font-medium">Name</span>
        <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </label>
      <label className="grid gap-1 text-sm">
        <span className="font-medium">IP range (optional)</span>
        <Input
          value={ipRange}
          onChange={(e) => setIpRange(e.target.value)}
          placeholder="e.g. 10.20.0.0/20"
          autoComplete="off"
        />
      </label>
      {create.error ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {create.error.message}
        </p>
      ) : null}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="button" size="sm" disabled={create.isPending} onClick={make}>
          {create.isPending ? 'Creating…' : 'Create VPC'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
