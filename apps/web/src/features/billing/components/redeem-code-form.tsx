import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useMoney } from '@/components/pricing/use-money';
import { useRedeemCreditCode } from '../queries';

/**
 * A credit code from the platform's team, redeemed once per organization. A plain input, not
 * the lazy form chunk: one field needs no form library.
 */
export function RedeemCodeForm() {
  const [code, setCode] = useState('');
  const redeem = useRedeemCreditCode();
  const { money } = useMoney();
  const empty = code.trim() === '';
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!empty) redeem.mutate(code, { onSuccess: () => setCode('') });
      }}
    >
      <label htmlFor="credit-code" className="text-sm font-medium">
        Redeem a credit code
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="credit-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          placeholder="e.g. LAUNCH-2026"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          className="font-mono uppercase placeholder:normal-case sm:max-w-xs"
        />
        <Button type="submit" variant="outline" disabled={empty || redeem.isPending}>
          {redeem.isPending ? 'Redeeming…' : 'Redeem'}
        </Button>
      </div>
      {redeem.error ? <FormAlert>{redeem.error.message}</FormAlert> : null}
      {redeem.data ? (
        <FormAlert variant="success">
          {money(redeem.data.amount)} was added to your balance.
        </FormAlert>
      ) : null}
    </form>
  );
}
