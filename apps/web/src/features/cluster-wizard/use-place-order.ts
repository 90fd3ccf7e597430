import {
  SERVER_ERROR,
  serverIssues,
  setServerErrors,
  withIssuePaths,
} from '@/components/ui/use-zod-form';
import { HttpError } from '@/lib/http';
import { useCancelOrder, usePlaceOrder } from './queries';
import type { ClusterWizardState } from './use-cluster-wizard';
import { newIdempotencyKey } from './wizard-draft';
import { fingerprintOf, orderBody } from './wizard-schema';
import { firstStepWithError, stepIndex, stepOfPath } from './wizard-steps';

/**
 * The server names a cluster's fields under `cluster` (`cluster.nodePools.0.count`), the form
 * holds them at its top. A 409 that names a field (the name taken, the promo code used) goes
 * under that field too, so it is read where it is fixed.
 */
function asFormError(error: unknown): unknown {
  return withIssuePaths(error, (path) => (path[0] === 'cluster' ? path.slice(1) : path), 400);
}

/**
 * "Place order": every answer checked, then `POST /api/orders` with the draft's key. Answers
 * changed since the draft placed an order make a different order: that one is cancelled (which
 * frees its name and promo code) and the new one gets a new key. A refusal opens the step of
 * the first field it names.
 */
export function usePlaceOrderAction(wizard: ClusterWizardState) {
  const { form, meta, setMeta, goTo } = wizard;
  const placeOrder = usePlaceOrder();
  const cancelOrder = useCancelOrder();

  const submit = form.handleSubmit(
    async (values) => {
      const body = orderBody(values);
      const fingerprint = fingerprintOf(body);
      let key = meta.idempotencyKey;
      if (meta.placed && meta.placed.fingerprint !== fingerprint) {
        // Already paid or cancelled elsewhere: there is nothing left to cancel.
        await cancelOrder.mutateAsync(meta.placed.orderId).catch(() => undefined);
        key = newIdempotencyKey();
        setMeta((current) => ({ ...current, idempotencyKey: key, placed: null }));
      }
      try {
        const order = await placeOrder.mutateAsync({ body, key });
        setMeta((current) => ({
          ...current,
          idempotencyKey: key,
          placed: { orderId: order.id, number: order.number, fingerprint },
          step: 'checkout',
          reached: stepIndex('checkout'),
        }));
      } catch (error) {
        const formError = asFormError(error);
        const step = serverIssues(formError)
          .map((issue) => stepOfPath(issue.path.join('.')))
          .find((candidate) => candidate !== null);
        if (step) goTo(step);
        setServerErrors(form, formError);
        // A conflict explains itself ("an open order claims the name…"): say that too.
        if (
          error instanceof HttpError &&
          error.status === 409 &&
          !serverIssues(error).some((issue) => issue.message === error.message)
        ) {
          form.setError(SERVER_ERROR, { type: 'server', message: error.message });
        }
      }
    },
    (errors) => {
      const step = firstStepWithError(errors);
      if (step) goTo(step);
    },
  );

  return {
    submit,
    pending: placeOrder.isPending || cancelOrder.isPending,
  };
}
