import type { ApiToken, ApiTokenResource } from '@alpenkube/contract';

export const resourceLabels: Record<ApiTokenResource, { label: string; hint: string }> = {
  clusters: { label: 'Clusters', hint: 'Clusters, node pools, add-ons, provider checks' },
  // A kubeconfig is a working credential: its own scope, never implied by the clusters ones.
  kubeconfig: {
    label: 'Kubeconfigs',
    hint: 'Your own kubeconfigs; write also rotates credentials',
  },
  orders: { label: 'Orders', hint: 'Orders, payments, add-on orders, marketplace products' },
  billing: { label: 'Billing', hint: 'Cards, credit, invoices, usage, budgets, plans' },
  support: { label: 'Support', hint: 'Tickets and custom-solution requests' },
};

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTimeFormat.format(new Date(iso));

export type TokenState = 'active' | 'expired' | 'revoked';

export function tokenState(token: ApiToken, now = Date.now()): TokenState {
  if (token.revokedAt) return 'revoked';
  return new Date(token.expiresAt).getTime() <= now ? 'expired' : 'active';
}

export function lastUsedText(token: ApiToken): string {
  if (!token.lastUsedAt) return 'Never used';
  const where = token.lastUsedIp ? ` from ${token.lastUsedIp}` : '';
  return `Last used ${formatDateTime(token.lastUsedAt)}${where}`;
}
