import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BillingDetails,
  BillingPlans,
  BillingSummary,
  Budget,
  ChangePlan,
  Credits,
  Invoice,
  InvoiceSummary,
} from '@alpenkube/contract/billing';
import type { PaymentMethod } from '@alpenkube/contract/payments';
import { endpoints } from '@alpenkube/contract/endpoints';
import { queryKeyOf } from '@/lib/http';
import { refreshOrders } from '@/lib/order-cache';
import { paymentKeys, paymentQueries } from '@/lib/payments/queries';
import { removePaymentMethod, setDefaultPaymentMethod } from '@/lib/payments/requests';
import {
  changePlan,
  closeMonth,
  payInvoice,
  payRenewal,
  redeemCreditCode,
  updateBillingDetails,
  updateBudget,
} from './requests';

const { billing } = endpoints;

/**
 * The billing page's query keys: the GET paths, so the default query fetcher GETs them and the
 * navigation rule (app/shell/use-navigation-invalidation.ts) refreshes the same keys.
 */
export const billingKeys = {
  ...paymentKeys,
  summary: queryKeyOf(billing.summary),
  plans: queryKeyOf(billing.plans),
  details: queryKeyOf(billing.details),
  invoices: queryKeyOf(billing.invoices),
  invoice: (id: number) => queryKeyOf(billing.invoice, id),
  budget: queryKeyOf(billing.budget),
};

export const billingQueries = {
  ...paymentQueries,
  credits: () => queryOptions<Credits>({ queryKey: billingKeys.credits }),
  summary: () => queryOptions<BillingSummary>({ queryKey: billingKeys.summary }),
  plans: () => queryOptions<BillingPlans>({ queryKey: billingKeys.plans }),
  details: () =>
    queryOptions<BillingDetails>({
      queryKey: billingKeys.details,
      // The registry's answer comes a moment after saving: asked again until it is there.
      refetchInterval: (query) =>
        query.state.data?.vatNumberCheck?.status === 'pending' ? 3_000 : false,
    }),
  invoices: () => queryOptions<InvoiceSummary[]>({ queryKey: billingKeys.invoices }),
  invoice: (id: number) => queryOptions<Invoice>({ queryKey: billingKeys.invoice(id) }),
  budget: () => queryOptions<Budget>({ queryKey: billingKeys.budget }),
};

/** A payment moves the balance, the month's figures and what is still open. */
function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [billingKeys.summary, billingKeys.credits, billingKeys.invoices].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** A redeemed code adds to the balance: the credits and the summary are read again. */
export function useRedeemCreditCode() {
  const refresh = useRefreshAfterPayment();
  return useMutation({ mutationFn: redeemCreditCode, onSuccess: refresh });
}

export function usePayRenewal() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterPayment();
  return useMutation({
    mutationFn: payRenewal,
    onSuccess: (summary) => queryClient.setQueryData(billingKeys.summary, summary),
    onSettled: refresh,
  });
}

export function usePayInvoice(id: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterPayment();
  return useMutation({
    mutationFn: () => payInvoice(id),
    onSuccess: (invoice) => queryClient.setQueryData(billingKeys.invoice(id), invoice),
    // A decline is recorded on the invoice (its payment error): read it again either way.
    onSettled: () =>
      Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: billingKeys.invoice(id) }),
      ]),
  });
}

/**
 * Changing the plan answers an order to pay: the plans stay as they are until it is paid. The
 * Idempotency-Key is the dialog's (one per opening) and the choice's, so a second click on the
 * same choice answers the order the first one placed.
 */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: ChangePlan; key: string }) =>
      changePlan(
        body,
        `${key}-${body.plan}-${body.billingCycle}${body.promoCode ? `-${body.promoCode}` : ''}`,
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.plans }),
        refreshOrders(queryClient),
      ]),
  });
}

export function useUpdateBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBillingDetails,
    onSuccess: (details) => queryClient.setQueryData(billingKeys.details, details),
  });
}

export function useUpdateBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBudget,
    onSuccess: (budget) => {
      queryClient.setQueryData(billingKeys.budget, budget);
      void queryClient.invalidateQueries({ queryKey: billingKeys.summary });
    },
  });
}

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPaymentMethod,
    onSuccess: (method) =>
      queryClient.setQueryData<PaymentMethod[]>(billingKeys.paymentMethods, (methods) =>
        methods?.map((known) => ({ ...known, isDefault: known.id === method.id })),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods }),
  });
}

export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePaymentMethod,
    // The server picks the next default when the default goes: the list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods }),
  });
}

/** Development: the month closed now issues an invoice, and moves every figure. */
export function useCloseMonth() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterPayment();
  return useMutation({
    mutationFn: closeMonth,
    onSettled: () =>
      Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: billingKeys.budget })]),
  });
}
