import type { ComponentProps } from 'react';
import { PROMO_CODE, PROMO_DISCOUNT_PERCENT } from '@alpenkube/contract/promo';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { HttpError } from '@/lib/http';
import { cn } from '@/lib/cn';
import { usePromoAvailable } from '@/lib/promo-standing';

/** What the code does, under every field that takes it. */
export const PROMO_CODE_RULE = `${PROMO_CODE} takes ${PROMO_DISCOUNT_PERCENT}% off an organization's first paid order, whatever it buys.`;

/** The code's input: typed in any case, shown in capitals, never autocompleted. */
export function PromoCodeInput({ className, ...props }: ComponentProps<'input'>) {
  return (
    <Input
      autoComplete="off"
      spellCheck={false}
      className={cn('uppercase sm:max-w-xs', className)}
      {...props}
    />
  );
}

/** The server's refusal of the code (not valid, or the organization paid an order before). */
export function promoCodeIssue(error: unknown): string | null {
  if (!(error instanceof HttpError) || !Array.isArray(error.issues)) return null;
  const issue = (error.issues as { path?: unknown[]; message?: string }[]).find(
    (candidate) => candidate.path?.[0] === 'promoCode',
  );
  return issue?.message ?? null;
}

/**
 * The promo code on an order form that is not a form library's: label, input, the rule and the
 * server's refusal. Not shown once the server says the organization's offer is used, unless a
 * code is typed already.
 */
export function PromoCodeField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: unknown;
}) {
  const available = usePromoAvailable();
  const issue = promoCodeIssue(error);
  if (!available && !value) return null;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Promo code (optional)</Label>
      <PromoCodeInput
        id={id}
        name="promoCode"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={issue ? true : undefined}
        aria-describedby={`${id}-rule${issue ? ` ${id}-issue` : ''}`}
      />
      <p id={`${id}-rule`} className="text-sm text-muted-foreground">
        {PROMO_CODE_RULE}
      </p>
      {issue ? (
        <p id={`${id}-issue`} role="alert" className="text-sm text-destructive">
          {issue}
        </p>
      ) : null}
    </div>
  );
}

/** A typed code for the request body: absent when blank. */
export const promoCodeBody = (value: string) => (value.trim() ? { promoCode: value.trim() } : {});
