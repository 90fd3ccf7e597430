import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { MarketplaceProduct } from '@alpenkube/contract';
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
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useMoney } from '@/components/pricing/use-money';
import { PromoCodeField, promoCodeBody, promoCodeIssue } from '@/components/promo/promo-code-field';
import { paths } from '@/config/paths';
import { HttpError } from '@/lib/http';
import { useOrderProduct } from '../queries';
import { SimulatedNote } from './simulated-note';

const NAME_PATTERN = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';

/**
 * Ordering a product: plan, region, cycle and a name, then the order to pay on the checkout
 * page. One Idempotency-Key per opening, so a double click places one order.
 */
export function OrderProductDialog({
  product,
  cycle: initialCycle,
}: {
  product: MarketplaceProduct;
  cycle: 'monthly' | 'yearly';
}) {
  const [open, setOpen] = useState(false);
  const [plan, setPlan] = useState(product.plans[0]?.slug ?? '');
  const [region, setRegion] = useState(product.regions[0]?.code ?? '');
  const [cycle, setCycle] = useState(initialCycle);
  const [name, setName] = useState('');
  const [promoCode, setPromoCode] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const order = useOrderProduct();
  const navigate = useNavigate();
  const { money } = useMoney();
  const chosen = product.plans.find((candidate) => candidate.slug === plan);
  const price = chosen ? (cycle === 'yearly' ? chosen.priceYearly : chosen.priceMonthly) : 0;
  const nameError = order.error ? fieldError(order.error, 'name') : null;

  const submit = () =>
    order.mutate(
      {
        body: {
          product: product.slug,
          plan,
          region,
          name,
          billingCycle: cycle,
          ...promoCodeBody(promoCode),
        },
        // Another code is another request: it takes a key of its own.
        key: `${key}-${promoCode.trim()}`,
      },
      { onSuccess: (placed) => void navigate(paths.checkout(placed.id)) },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        order.reset();
        setKey(crypto.randomUUID());
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button className="w-full">Order {product.name}</Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Order {product.name}</DialogTitle>
          <DialogDescription>{product.description}</DialogDescription>
        </DialogHeader>
        <SimulatedNote product={product} />
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <FormField label="Plan">
            <NativeSelect value={plan} onChange={(event) => setPlan(event.target.value)}>
              {product.plans.map((option) => (
                <option key={option.slug} value={option.slug}>
                  {option.name}: {option.size}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Region">
            <NativeSelect value={region} onChange={(event) => setRegion(event.target.value)}>
              {product.regions.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.label}
                  {option.eu ? '' : ' (outside the EU)'}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Billing cycle">
            <NativeSelect
              value={cycle}
              onChange={(event) => setCycle(event.target.value as 'monthly' | 'yearly')}
            >
              <option value="monthly">Monthly</option>
              <option value="yearly">Yearly (ten months’ price)</option>
            </NativeSelect>
          </FormField>
          <FormField
            label="Name"
            error={nameError}
            description="Lowercase letters, digits and hyphens: it becomes part of the endpoint."
          >
            <Input
              value={name}
              required
              maxLength={63}
              pattern={NAME_PATTERN}
              placeholder="orders-db"
              onChange={(event) => setName(event.target.value)}
            />
          </FormField>
          <PromoCodeField
            id="product-promo"
            value={promoCode}
            onChange={setPromoCode}
            error={order.error}
          />
          <p className="text-sm">
            Total to pay now:{' '}
            <span className="font-semibold tabular-nums" data-testid="product-order-total">
              {money(price)}
            </span>{' '}
            <span className="text-muted-foreground">
              for the first {cycle === 'yearly' ? 'year' : 'month'}
              {promoCode.trim() ? ', less the promo code’s discount if it applies' : ''}; renews at
              the plan’s price.
            </span>
          </p>
          {order.error && !nameError && !promoCodeIssue(order.error) ? (
            <FormAlert>{order.error.message}</FormAlert>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton pending={order.isPending} pendingText="Ordering…" disabled={!name}>
              Continue to payment
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The server's message for one field (a name taken, a name refused), if it named that field. */
function fieldError(error: Error, field: string): string | null {
  if (!(error instanceof HttpError) || !Array.isArray(error.issues)) return null;
  const issues = error.issues as { path: unknown[]; message: string }[];
  return issues.some((issue) => issue.path.includes(field)) ? error.message : null;
}
