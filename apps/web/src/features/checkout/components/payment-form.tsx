import { useState, type FormEvent } from 'react';
import type { Order } from '@alpenkube/contract/orders';
import type { PaymentGatewayInfo, PaymentMethod } from '@alpenkube/contract/payments';
import { FormAlert, SubmitButton } from '@/components/ui/form';
import { Form, FormRootError } from '@/components/ui/hook-form';
import {
  SERVER_ERROR,
  setServerErrors,
  useZodForm,
  withIssuePaths,
} from '@/components/ui/use-zod-form';
import { cardFormSchema, emptyCard, formFieldOf } from '@/components/payments/card-form-schema';
import { useCheckoutPayment } from '../use-checkout-payment';
import { formatUsd } from '@/components/pricing/format-cents';
import { useMoney } from '@/components/pricing/use-money';
import { CardFields } from '@/components/payments/card-fields';
import { PaymentChoice, type CardChoice } from './payment-choice';
import { TestGatewayNotice } from '@/components/payments/test-gateway-notice';

/** The gateway names `expMonth`/`expYear`; the form has one expiry field. */
const onCardFields = (error: unknown) => withIssuePaths(error, (path) => [formFieldOf(path[0])]);

const defaultChoice = (methods: PaymentMethod[]): CardChoice =>
  (methods.find((method) => method.isDefault) ?? methods[0])?.id ?? 'new';

export function PaymentForm({
  order,
  gateway,
  methods,
  amountDue,
  onPaid,
}: {
  order: Order;
  gateway: PaymentGatewayInfo | undefined;
  methods: PaymentMethod[];
  amountDue: number;
  onPaid: () => void;
}) {
  const form = useZodForm(cardFormSchema(), { defaultValues: emptyCard });
  const payment = useCheckoutPayment(order, gateway, onPaid);
  const { money, currency } = useMoney();
  const [choice, setChoice] = useState<CardChoice>(() => defaultChoice(methods));
  const needsCard = amountDue > 0;

  const fail = (error: unknown) => setServerErrors(form, onCardFields(error));
  const payWithNewCard = form.handleSubmit(async (card) => {
    let id: number;
    try {
      id = await payment.saveCard(card);
    } catch (error) {
      fail(error);
      return;
    }
    // Saved: a retry after a decline uses this card, not a second copy of it.
    setChoice(id);
    form.reset(emptyCard);
    await payment.payWith(id).catch(fail);
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.clearErrors(SERVER_ERROR);
    if (!needsCard) void payment.payWith(undefined).catch(fail);
    else if (choice === 'new') void payWithNewCard();
    else void payment.payWith(choice).catch(fail);
  };

  const fillTestCard = (number: string) => {
    setChoice('new');
    form.setValue('number', number.replace(/(\d{4})(?=\d)/g, '$1 '));
  };

  return (
    <Form {...form}>
      <form noValidate onSubmit={onSubmit} aria-label="Payment" className="space-y-6">
        {needsCard ? (
          <>
            <PaymentChoice
              methods={methods}
              choice={choice}
              onChange={(next) => {
                setChoice(next);
                payment.clearDeclined();
              }}
            />
            {choice === 'new' ? (
              <div className="space-y-4">
                {gateway?.testMode ? (
                  <TestGatewayNotice gateway={gateway} onUse={fillTestCard} />
                ) : null}
                <CardFields control={form.control} />
              </div>
            ) : null}
          </>
        ) : (
          <FormAlert variant="info">Your credit balance pays this order in full.</FormAlert>
        )}
        {payment.declined ? (
          <FormAlert title="The payment did not go through">
            {payment.declined} Choose another card or add a new one.
          </FormAlert>
        ) : null}
        <FormRootError />
        <SubmitButton
          pending={payment.pending}
          pendingText="Paying..."
          size="lg"
          className="w-full sm:w-auto"
        >
          {needsCard ? `Pay ${money(amountDue)}` : 'Pay with credit'}
        </SubmitButton>
        {needsCard && currency !== 'USD' ? (
          <p className="text-xs text-muted-foreground">
            Your card is charged {formatUsd(amountDue)} (US dollars).
          </p>
        ) : null}
      </form>
    </Form>
  );
}
