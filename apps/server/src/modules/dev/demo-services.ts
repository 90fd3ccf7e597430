import type { Infrastructure } from '../../infrastructure.ts';
import type { AddonService } from '../addons/index.ts';
import type { ClusterService } from '../clusters/index.ts';
import type { InvoiceService } from '../invoices/index.ts';
import type { UsageService } from '../usage/index.ts';
import type { OrderPayments, OrderService } from '../orders/index.ts';
import type { PaymentGateway, PaymentMethodService } from '../payments/index.ts';
import type { CatalogService } from '../platform/index.ts';
import type { ProductService } from '../products/index.ts';
import type { ProviderRegistry } from '../providers/index.ts';

/**
 * What the demo data is made with: the services the routes call, so orders, payments,
 * invoices and products are made as a customer's would be.
 */
export type DemoServices = Pick<
  Infrastructure,
  'config' | 'db' | 'fileStore' | 'passwords' | 'sealer'
> & {
  addons: AddonService;
  catalog: CatalogService;
  clusters: ClusterService;
  invoices: InvoiceService;
  usage: UsageService;
  orderPayments: OrderPayments;
  orders: OrderService;
  paymentGateway: PaymentGateway;
  paymentMethods: PaymentMethodService;
  products: ProductService;
  providers: ProviderRegistry;
};
