import type { Catalog, OrderKind } from '@alpenkube/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { OrderRecord } from './order-records.ts';

/** What the module that sells a kind made of a paid order of that kind. */
export type PaidOrderOutcome =
  | {
      /**
       * `completed`: nothing is left to do (a support plan applies at once); `fulfilling`: a
       * durable job of that module ends the order later, through the order fulfilment hooks.
       */
      status: 'completed' | 'fulfilling';
      /** The order timeline's line for that status. */
      note: string;
      /** What the payer's notice says was done, where the timeline's line is not it. */
      summary?: string;
    }
  /**
   * Refused (terms that changed since it was priced): the module failed and refunded the
   * order through the fulfilment hooks, whose timeline line and notice say why.
   */
  | { status: 'failed' };

/**
 * What one kind of order does once it is paid. Each module that sells a kind gives its handler
 * when the services are put together, so the orders module runs one sequence for every kind
 * (status, timeline, notices, push) and knows nothing of what was bought.
 */
export interface OrderKindHandler {
  /**
   * Sets up what was bought, in the paying transaction, with the order already `fulfilling`.
   * It may refuse the order instead (terms that changed since it was priced): then it fails and
   * refunds it through the fulfilment hooks and answers `failed`.
   */
  paid(
    tx: Tx,
    order: OrderRecord,
    context: { now: Date; catalog: Catalog },
  ): Promise<PaidOrderOutcome>;
}

export type OrderKindHandlers = Record<OrderKind, OrderKindHandler>;

/** What a paid order made, as the order's page links it. */
export interface OrderMade {
  clusterId?: number;
  productInstanceId?: number;
}

/**
 * Reads what an order of one kind made (nothing while it is unpaid), for the order's page. The
 * module that sells the kind gives it when the services are put together, as a plain function
 * of the database: the order service is built before the services that sell, which use it.
 */
export type OrderMadeReader = (db: DbOrTx, orderId: number) => Promise<OrderMade>;

/** The readers of the kinds that make something the order's page links to. */
export type OrderMadeReaders = Partial<Record<OrderKind, OrderMadeReader>>;
