import type { ProductDetail } from '@alpenkube/contract';
import { CopyButton } from '@/components/ui/copy-button';
import { SecretField } from './secret-field';
import { Detail, Section } from './section';

/** Where and as whom to connect, and the secret: shown once, then behind the password. */
export function ConnectionDetails({ product }: { product: ProductDetail }) {
  if (!product.endpoint || !product.username) {
    return (
      <Section title="Connection details">
        <p className="text-sm text-muted-foreground">
          {product.status === 'failed' || product.status === 'cancelled'
            ? 'This product has no connection details any more.'
            : 'The endpoint, user and secret appear here once the product is active.'}
        </p>
      </Section>
    );
  }
  const live = product.status !== 'cancelled' && product.status !== 'failed';
  return (
    <Section title="Connection details">
      <dl className="space-y-3">
        <Detail term="Endpoint">
          <span className="flex items-center gap-1">
            <code
              className="min-w-0 rounded bg-muted px-1.5 py-0.5 break-all"
              data-testid="product-endpoint"
            >
              {product.endpoint}
            </code>
            <CopyButton text={product.endpoint} label="Copy the endpoint" />
          </span>
        </Detail>
        <Detail term="User">
          <span className="flex items-center gap-1">
            <code className="rounded bg-muted px-1.5 py-0.5">{product.username}</code>
            <CopyButton text={product.username} label="Copy the user" />
          </span>
        </Detail>
        {live ? (
          <Detail term="Secret">
            <SecretField product={product} />
          </Detail>
        ) : null}
      </dl>
    </Section>
  );
}
