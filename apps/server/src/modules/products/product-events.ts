import type { DbOrTx } from '../../db/client.ts';
import { publishPush } from '../realtime/index.ts';
import type { InstanceRow } from './product-view.ts';

/** Every member's product pages update when the change commits (the push rides the transaction). */
export function announceProduct(
  tx: DbOrTx,
  instance: Pick<InstanceRow, 'id' | 'organizationId' | 'status' | 'progress'>,
  step: string | null,
) {
  return publishPush(
    tx,
    { organizationId: instance.organizationId },
    {
      type: 'product',
      organizationId: instance.organizationId,
      productId: instance.id,
      status: instance.status,
      progress: instance.progress,
      step,
    },
  );
}
