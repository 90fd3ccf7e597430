import { useState } from 'react';
import { KeyRound, RefreshCw } from 'lucide-react';
import type { ProductDetail, ProductSecret } from '@alpenkube/contract';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { FormAlert } from '@/components/ui/form';
import { useToast } from '@/components/ui/use-toast';
import { useRevealSecret, useRotateSecret } from '../queries';
import { PasswordRevealDialog } from './password-reveal-dialog';

/**
 * The secret: the first reveal needs nothing and warns that it is the only one; later ones ask
 * for the password in a dialog. Rotating issues a new one, shown once again.
 */
export function SecretField({ product }: { product: ProductDetail }) {
  const [shown, setShown] = useState<ProductSecret | null>(null);
  const reveal = useRevealSecret();
  const rotate = useRotateSecret();
  const { toast } = useToast();
  const current = shown && shown.version === product.secretVersion ? shown : null;
  const active = product.status === 'active';

  return (
    <div className="space-y-3">
      {current ? (
        <div className="space-y-2">
          <span className="flex items-center gap-1">
            <code
              className="min-w-0 break-all rounded bg-muted px-1.5 py-0.5"
              data-testid="product-secret"
            >
              {current.secret}
            </code>
            <CopyButton text={current.secret} label="Copy the secret" />
          </span>
          {current.firstReveal ? (
            <FormAlert variant="warning" title="Copy it now">
              This is the only time the secret is shown without your password. Store it in a
              password manager or a secrets vault.
            </FormAlert>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => setShown(null)}>
            Hide the secret
          </Button>
        </div>
      ) : product.secretShown ? (
        <PasswordRevealDialog productId={product.id} onRevealed={setShown} />
      ) : (
        <Button
          size="sm"
          onClick={() => reveal.mutate({ id: product.id }, { onSuccess: setShown })}
          disabled={reveal.isPending}
        >
          <KeyRound aria-hidden="true" /> Reveal the secret (shown once)
        </Button>
      )}
      {reveal.error ? <FormAlert>{reveal.error.message}</FormAlert> : null}
      {active ? (
        <Button
          variant="outline"
          size="sm"
          disabled={rotate.isPending}
          onClick={() =>
            rotate.mutate(product.id, {
              onSuccess: (rotated) => {
                setShown(null);
                toast({
                  title: 'Secret rotated',
                  description: rotated.secretShown
                    ? 'The old secret no longer works. Reveal the new one with your password.'
                    : 'The old secret no longer works. Reveal the new one once.',
                  variant: 'success',
                });
              },
            })
          }
        >
          <RefreshCw aria-hidden="true" /> Rotate the secret
        </Button>
      ) : null}
      {rotate.error ? <FormAlert>{rotate.error.message}</FormAlert> : null}
      <p className="text-xs text-muted-foreground">
        Version {product.secretVersion}
        {product.secretRotatedAt
          ? `, rotated ${new Date(product.secretRotatedAt).toLocaleString()}`
          : ''}
        .
      </p>
    </div>
  );
}
