import type { Tx } from '../../db/client.ts';
import type { OrderRecord } from '../orders/index.ts';

type OrderRow = OrderRecord;

/** What a product's order learns from it: the composition root passes the orders module's. */
export interface ProductOrderHooks {
  completed(tx: Tx, orderId: number, note: string): Promise<void>;
  /** Marks the order failed and returns what was paid to the credit balance (cents). */
  failed(tx: Tx, orderId: number, reason: string): Promise<number>;
}

/** What billing does for products: the composition root passes the billing module's. */
export interface ProductBillingHooks {
  opened(
    tx: Tx,
    order: OrderRow,
    instanceId: number,
    input: { plan: string; paidAt: Date },
  ): Promise<void>;
  period(
    tx: Tx,
    instanceId: number,
    now?: Date,
  ): Promise<{
    start: Date;
    end: Date;
    price: number;
    hoursLeft: number;
    hours: number;
    cancelCredit: number;
  } | null>;
  planChanged(
    tx: Tx,
    instanceId: number,
    input: { plan: string; periodPrice: number; credit: number; what: string },
  ): Promise<void>;
  cancelled(tx: Tx, instanceId: number, what: string, now?: Date): Promise<number>;
  provisioningFailed(tx: Tx, instanceId: number): Promise<void>;
}
