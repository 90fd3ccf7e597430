import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Order } from '@alpenkube/contract/orders';
import type { CardDetails, PaymentGatewayInfo } from '@alpenkube/contract/payments';
import { paths } from '@/config/paths';
import { HttpError } from '@/lib/http';
import { useSaveCard } from '@/lib/payments/queries';
import { usePayOrder } from './queries';

/** Where the checkout, and the gateway's challenge page, send the browser after payment. */
export const paymentSuccessPath = (orderId: number) =>
  `${paths.paymentSuccess}?order=${encodeURIComponent(String(orderId))}`;

/**
 * Paying: a new card is tokenized by the gateway and saved first; then `POST …/pay`. Paid goes
 * to the payment-success page; a challenge goes to the gateway's page, which sends the browser
 * back there; a decline (402) is kept to show beside the cards, so another can be chosen.
 */
export function useCheckoutPayment(
  order: Order,
  gateway: PaymentGatewayInfo | undefined,
  onPaid: () => void,
) {
  const navigate = useNavigate();
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
        await navigate(paymentSuccessPath(order.id));
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
