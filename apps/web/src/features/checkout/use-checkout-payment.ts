import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Order } from '@alpenkube/contract/orders';
import type { CardDetails, PaymentGatewayInfo } from '@alpenkube/contract/payments';
import { useToast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { HttpError } from '@/lib/http';
import { orderResultLink } from '@/lib/order-links';
import { useSaveCard } from '@/lib/payments/queries';
import { usePayOrder } from './queries';

/** Where the checkout, and the gateway's challenge page, send the browser after payment. */
export const paymentSuccessPath = (orderId: number) =>
  `${paths.paymentSuccess}?order=${encodeURIComponent(String(orderId))}`;

/**
 * Where a paid order goes on: a cluster's own provisioning page (the slide layout's forward step
 * from configuring it), every other kind the payment-success page.
 */
export function afterPayment(order: Order): string {
  const built = order.kind === 'cluster' ? orderResultLink(order) : null;
  return built?.to ?? paymentSuccessPath(order.id);
}

/**
 * Paying: a new card is tokenized by the gateway and saved first; then `POST …/pay`. Paid goes
 * on (`afterPayment`); a challenge goes to the gateway's page, which sends the browser back to
 * the payment-success page; a decline (402) is kept to show beside the cards, so another can
 * be chosen.
 */
export function useCheckoutPayment(
  order: Order,
  gateway: PaymentGatewayInfo | undefined,
  onPaid: () => void,
) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const card = useSaveCard(gateway);
  const pay = usePayOrder(order.id);
  const [declined, setDeclined] = useState<string | null>(null);
  // Paid or challenged: the page is about to change, the button stays busy until it does.
  const [leaving, setLeaving] = useState(false);

  /** The new card's id on the platform; throws the gateway's refusal (400 with issues). */
  async function saveCard(details: CardDetails): Promise<number> {
    return (await card.saveCard(details)).id;
  }

  /** Pays with the card (or with credit alone when none is given and none is needed). */
  async function payWith(paymentMethodId: number | undefined): Promise<void> {
    setDeclined(null);
    try {
      const result = await pay.mutateAsync({
        ...(paymentMethodId === undefined ? {} : { paymentMethodId }),
        returnPath: paymentSuccessPath(order.id),
      });
      if (result.status === 'paid') {
        setLeaving(true);
        onPaid();
        const next = afterPayment(result.order);
        // The payment-success page says it was paid; the provisioning page does not.
        if (!next.startsWith(paths.paymentSuccess)) {
          toast({
            title: 'Payment received',
            description: `Order ${result.order.number} is paid.`,
            variant: 'success',
          });
        }
        await navigate(next);
      } else if (result.challengeUrl) {
        setLeaving(true);
        // The gateway's own page: a full navigation, as a processor's 3-D Secure page would be.
        window.location.assign(result.challengeUrl);
      }
    } catch (error) {
      if (error instanceof HttpError && error.status === 402) {
        setDeclined(error.message);
        return;
      }
      throw error;
    }
  }

  return {
    saveCard,
    payWith,
    declined,
    clearDeclined: () => setDeclined(null),
    pending: leaving || card.pending || pay.isPending,
  };
}
