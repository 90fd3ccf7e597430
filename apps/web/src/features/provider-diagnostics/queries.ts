import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ProviderHealth, ProviderValidate } from '@alpenkube/contract';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';
import { validateWithProvider } from './requests';

export const providerKeys = {
  health: (provider: string) => queryKeyOf(endpoints.providers.health, provider),
};

/** The driver's health is asked afresh on each visit: a diagnostic page must not show old news. */
export const providerHealthQuery = (provider: string) =>
  queryOptions<ProviderHealth>({ queryKey: providerKeys.health(provider), staleTime: 0 });

export function useProviderHealth(provider: string) {
  return useQuery(providerHealthQuery(provider));
}

export function useProviderDryRun(provider: string) {
  return useMutation({
    mutationFn: (body: ProviderValidate) => validateWithProvider(provider, body),
  });
}
