import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { BillingPlans } from '@alpenkube/contract/billing';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormAlert, SubmitButton } from '@/components/ui/form';
import { PromoCodeField, promoCodeBody, promoCodeIssue } from '@/components/promo/promo-code-field';
import { useToast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useChangePlan } from '../queries';
import { CycleChoice, PlanChoices } from './plan-choices';
import { ResponseTargets } from './response-targets';
import { UsdNote } from './usd-note';

/**
 * Choosing another support plan places an order of kind `support`; paying it (on the order's
 * payment page) switches the plan. An order that needs no payment is done at once.
 */
export function ChangePlanDialog({ plans }: { plans: BillingPlans }) {
  const [open, setOpen] = useState(false);
  const [cycle, setCycle] = useState<BillingPlans['billingCycle']>(plans.billingCycle);
  const others = plans.plans.filter((plan) => plan.slug !== plans.current);
  const [choice, setChoice] = useState(others[0]?.slug ?? '');
  const [promoCode, setPromoCode] = useState('');
  const change = useChangePlan();
  // One key per opening of the dialog: a plan chosen again later is a new order.
  const [key, setKey] = useState(newIdempotencyKey);
  const navigate = useNavigate();
  const { toast } = useToast();

  const chosen = others.find((plan) => plan.slug === choice);
  const free = chosen ? chosen.priceMonthly === 0 && chosen.priceYearly === 0 : false;

  const submit = () =>
    change.mutate(
      {
        // The free plan has nothing to discount: the code is kept for a paid order.
        body: { plan: choice, billingCycle: cycle, ...(free ? {} : promoCodeBody(promoCode)) },
        key,
      },
      {
        onSuccess: (order) => {
          setOpen(false);
          if (order.status === 'pending_payment') {
            void navigate(paths.checkout(order.id));
          } else {
            toast({
              title: 'Support plan changed',
              description: order.description,
              variant: 'success',
            });
          }
        },
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        change.reset();
        if (next) setKey(newIdempotencyKey());
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={others.length === 0}>
          Change plan
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Change your support plan</DialogTitle>
          <DialogDescription>
            The change is an order: you pay it next, and the new plan starts once it is paid.
          </DialogDescription>
        </DialogHeader>
        <CycleChoice cycle={cycle} onChange={setCycle} />
        <PlanChoices plans={others} cycle={cycle} choice={choice} onChange={setChoice} />
        {chosen ? <ResponseTargets plan={chosen} /> : null}
        {free ? null : (
          <PromoCodeField
            id="plan-promo"
            value={promoCode}
            onChange={setPromoCode}
            error={change.error}
          />
        )}
        <UsdNote />
        {change.error && !promoCodeIssue(change.error) ? (
          <FormAlert>{change.error.message}</FormAlert>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <SubmitButton
            type="button"
            pending={change.isPending}
            pendingText="Ordering…"
            disabled={!choice}
            onClick={submit}
          >
            {free ? `Switch to ${chosen!.name}` : 'Continue to payment'}
          </SubmitButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
