import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DomainCheck, OrganizationDomain } from '@alpenkube/contract/organization-settings';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '../labels';
import { refreshMembers, useMembersChange, useOrganizationDomain } from '../queries';
import { setOrganizationDomain, verifyOrganizationDomain } from '../requests';
import { useOrganizationScope } from '../use-organization-scope';
import { DnsRecord } from './dns-record';

const outcomeAlert = {
  found: { variant: 'success', title: 'Domain verified' },
  not_found: { variant: 'warning', title: 'Record not found' },
  resolver_error: { variant: 'error', title: 'The DNS lookup failed' },
} as const;

/**
 * The organization's e-mail domain and its proof: a TXT record the admin publishes, which the
 * server looks up on "Verify". Only a proven domain lets people who register at it join.
 */
export function DomainProof() {
  const { organizationId } = useOrganizationScope();
  const domain = useOrganizationDomain(organizationId);
  const queryClient = useQueryClient();
  const verify = useMutation<DomainCheck, Error, string>({
    mutationFn: (name) => verifyOrganizationDomain(name, organizationId),
    onSettled: () => void refreshMembers(queryClient),
  });
  const data = domain.data;
  return (
    <Card data-testid="domain-proof">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          E-mail domain
          {data?.domain ? (
            data.verifiedAt ? (
              <Badge variant="success">Verified</Badge>
            ) : (
              <Badge variant="warning">Not verified</Badge>
            )
          ) : null}
        </CardTitle>
        <CardDescription>
          People who register with an address at a verified domain ask to join this organization:
          they wait in Pending registrations for an admin. Prove the domain with a DNS TXT record.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {!data ? (
          <Spinner label="Loading the domain…" className="py-4" />
        ) : (
          <>
            {data.domain && data.record ? (
              <DomainState
                data={data}
                verifying={verify.isPending}
                onVerify={() => verify.mutate(data.domain!)}
              />
            ) : (
              <p className="text-sm">No domain yet: name your company&apos;s e-mail domain.</p>
            )}
            {verify.data ? (
              <FormAlert
                variant={outcomeAlert[verify.data.outcome].variant}
                title={outcomeAlert[verify.data.outcome].title}
              >
                {verify.data.message}
              </FormAlert>
            ) : null}
            {verify.error ? <FormAlert>{verify.error.message}</FormAlert> : null}
            <DomainForm current={data.domain} organizationId={organizationId} />
            <p className="text-xs text-muted-foreground" data-testid="resolver-note">
              {data.resolverNote}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function DomainState({
  data,
  verifying,
  onVerify,
}: {
  data: OrganizationDomain;
  verifying: boolean;
  onVerify: () => void;
}) {
  return (
    <div className="space-y-3">
      <p className="text-sm">
        <span className="font-mono font-medium">{data.domain}</span>{' '}
        {data.verifiedAt
          ? `verified on ${formatDateTime(data.verifiedAt)}.`
          : 'is not verified: publish this record at your DNS provider, then verify.'}
      </p>
      <DnsRecord record={data.record!} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={onVerify} disabled={verifying}>
          {verifying ? 'Looking the record up…' : data.verifiedAt ? 'Check again' : 'Verify'}
        </Button>
        {data.lastCheck ? (
          <span className="text-sm text-muted-foreground">
            Last check {formatDateTime(data.lastCheck.at)}:{' '}
            {data.lastCheck.outcome === 'found'
              ? 'found'
              : data.lastCheck.outcome === 'not_found'
                ? 'not found'
                : 'resolver error'}
          </span>
        ) : null}
      </div>
    </div>
  );
}

function DomainForm({
  current,
  organizationId,
}: {
  current: string | null;
  organizationId?: number;
}) {
  const [value, setValue] = useState('');
  const save = useMembersChange(
    (domain: string) => setOrganizationDomain(domain, organizationId),
    (result) => `Domain ${result.domain}: publish its record, then verify`,
    () => setValue(''),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) save.mutate(value.trim());
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Domain">
      <label className="grid gap-1 text-sm font-medium">
        {current ? 'Change the domain' : 'Domain'}
        <Input
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder="example.eu"
          autoComplete="off"
          className="w-64 max-w-full"
        />
      </label>
      <Button type="submit" variant="outline" disabled={save.isPending || !value.trim()}>
        {current ? 'Change' : 'Save'}
      </Button>
      {current ? (
        <p className="w-full text-xs text-muted-foreground">
          A new domain gets a new record and is not verified until you verify it.
        </p>
      ) : null}
    </form>
  );
}
