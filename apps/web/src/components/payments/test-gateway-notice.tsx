import { FlaskConical } from 'lucide-react';
import type { PaymentGatewayInfo } from '@alpenkube/contract/payments';
import { Button } from '@/components/ui/button';

/** "4242 4242 4242 4242": a card number in groups, as printed on cards. */
export const groupDigits = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Said plainly on the card form: nothing real is charged, and these numbers work. */
export function TestGatewayNotice({
  gateway,
  onUse,
}: {
  gateway: PaymentGatewayInfo;
  onUse: (number: string) => void;
}) {
  return (
    <div className="space-y-3 rounded-xl border border-warning/50 bg-warning/10 p-4 text-sm">
      <p className="flex items-center gap-2 font-semibold">
        <FlaskConical className="size-4" aria-hidden="true" />
        Test gateway: no real card is charged
      </p>
      <p className="text-muted-foreground">
        Use one of these numbers with any future expiry date and any 3-digit security code (4 digits
        for American Express).
      </p>
      <ul className="divide-y divide-border/60" aria-label="Test cards">
        {gateway.testCards.map((card) => (
          <li key={card.number} className="flex items-start justify-between gap-3 py-1.5">
            <span className="min-w-0 flex-1 pt-1">
              <span className="font-mono whitespace-nowrap">{groupDigits(card.number)}</span>{' '}
              <span className="text-muted-foreground">
                {card.brand}: {card.behaviour}
              </span>
            </span>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => onUse(card.number)}
              aria-label={`Use the test card ${groupDigits(card.number)}`}
            >
              Use
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
