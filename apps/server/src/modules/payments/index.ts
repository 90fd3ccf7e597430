/** The payments module's public surface: other modules and the app import only this file. */
export type {
  CardSummary,
  Charge,
  ChargeRequest,
  ChargeStatus,
  PaymentGateway,
  Refund,
  RefundRequest,
  TestCardInfo,
} from './payment-gateway.ts';
export { RefundRefusedError } from './payment-gateway.ts';
export {
  type Attempt,
  type AttemptDraft,
  type Begin,
  cardOf,
  charge,
  type ChargeMode,
  type ChargeOutcome,
  type ChargeTarget,
  type Ledger,
} from './charge-protocol.ts';
export {
  type CardForPayment,
  createPaymentMethodService,
  type PaymentActor,
  type PaymentMethodService,
} from './payment-method-service.ts';
export { createTestGateway, type TestGateway } from './test-gateway.ts';
