import { endpoints } from '@alpenkube/contract/endpoints';
import { request } from '@/lib/http';

const { addons } = endpoints;

/** An add-on order for a cluster, priced by the server; the key makes a retried click safe. */
export const orderAddon = (
  body: { clusterId: number; addon: string; promoCode?: string },
  idempotencyKey: string,
) =>
  request(addons.order, {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const removeAddon = (clusterId: number, slug: string) =>
  request(addons.remove, { params: [clusterId, slug] });
