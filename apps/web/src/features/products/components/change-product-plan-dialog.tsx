import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ProductDetail } from '@alpenkube/contract';
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
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { useToast } from '@/components/ui/use-toast';
import { useMoney } from '@/components/pricing/use-money';
import { paths } from '@/config/paths';
import { useCatalog, useChangeProductPlan } from '../queries';

/**
 * Another plan: an upgrade is an order for the prorated difference to the period's end (paid
 * on the checkout page, then the change runs); a downgrade runs now and credits the difference.
 */
export function ChangeProductPlanDialog({ product }: { product: ProductDetail }) {
  const catalog = useCatalog();
  const plans = catalog.data?.find((candidate) => candidate.slug === product.product)?.plans ?? [];
  const others = plans.filter((plan) => plan.slug !== product.plan);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState('');
  const change = useChangeProductPlan();
  const navigate = useNavigate();
  const { toast } = useToast();
  const { money } = useMoney();
  const plan = choice || others[0]?.slug || '';
  const priceOf = (option: (typeof plans)[number]) =>
    product.billingCycle === 'yearly' ? option.priceYearly : option.priceMonthly;

  const submit = () =>
    change.mutate(
      { id: product.id, plan },
      {
        onSuccess: (result) => {
          setOpen(false);
          if (result.order) {
            void navigate(paths.checkout(result.order.id));
            return;
          }
          toast({
            title: 'Plan change under way',
            description: `${money(result.credit)} will be credited once ${product.name} runs on the new plan.`,
            variant: 'success',
          });
        },
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        change.reset();
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={others.length === 0}>
          Change plan
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Change the plan of {product.name}</DialogTitle>
          <DialogDescription>
            A bigger plan costs the difference for the rest of the paid period, as an order to pay.
            A smaller one applies now and credits the difference for the rest of the period.
          </DialogDescription>
        </DialogHeader>
        <FormField label="New plan">
          <NativeSelect value={plan} onChange={(event) => setChoice(event.target.value)}>
            {others.map((option) => (
              <option key={option.slug} value={option.slug}>
                {option.name}: {option.size}, {money(priceOf(option))} a{' '}
                {product.billingCycle === 'yearly' ? 'year' : 'month'}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {change.error ? <FormAlert>{change.error.message}</FormAlert> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep {product.planName}</Button>
          </DialogClose>
          <SubmitButton
            type="button"
            pending={change.isPending}
            pendingText="Changing…"
            disabled={!plan}
            onClick={submit}
          >
            Change plan
          </SubmitButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
