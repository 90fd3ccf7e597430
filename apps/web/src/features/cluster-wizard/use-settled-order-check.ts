import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { HttpError } from '@/lib/http';
import { orderDetailQuery } from '@/lib/order-cache';
import type { ClusterWizardState } from './use-cluster-wizard';

const settledWords: Record<string, string> = {
  paid: 'paid',
  fulfilling: 'paid',
  completed: 'paid',
  failed: 'closed',
  cancelled: 'cancelled',
};

/**
 * A draft restored with an order that was meanwhile paid (on the gateway's challenge page, from
 * the orders list) or cancelled is over: the wizard starts afresh and says why. An order that
 * no longer exists is simply forgotten.
 */
export function useSettledOrderCheck(wizard: ClusterWizardState): string | null {
  const { meta, setMeta, restart, finished } = wizard;
  const [orderId] = useState(meta.placed?.orderId ?? null);
  const order = useQuery({ ...orderDetailQuery(orderId ?? 0), enabled: orderId !== null });
  const [notice, setNotice] = useState<string | null>(null);
  const stillPlaced = orderId !== null && meta.placed?.orderId === orderId;
  // Only the first answer says how the draft was left; later ones are this page's own doing.
  const checked = useRef(false);

  useEffect(() => {
    if (checked.current || !stillPlaced || finished.current) return;
    if (order.data || order.error) checked.current = true;
    if (order.error instanceof HttpError && order.error.status === 404) {
      setMeta((current) => ({
        ...current,
        placed: null,
        step: current.step === 'checkout' ? 'review' : current.step,
      }));
    } else if (order.data && order.data.status !== 'pending_payment') {
      setNotice(
        `Order ${order.data.number} is ${settledWords[order.data.status] ?? order.data.status}, so this is a new configuration.`,
      );
      restart();
    }
  }, [order.data, order.error, stillPlaced, finished, setMeta, restart]);

  return notice;
}
