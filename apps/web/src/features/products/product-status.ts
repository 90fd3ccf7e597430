import type { ProductInstanceStatus } from '@alpenkube/contract';
import type { BadgeProps } from '@/components/ui/badge';

export const productStatusLabels: Record<ProductInstanceStatus, string> = {
  ordered: 'Ordered',
  provisioning: 'Provisioning',
  active: 'Active',
  updating: 'Changing plan',
  cancelling: 'Cancelling',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

export const productStatusVariants: Record<ProductInstanceStatus, BadgeProps['variant']> = {
  ordered: 'secondary',
  provisioning: 'warning',
  active: 'success',
  updating: 'warning',
  cancelling: 'warning',
  cancelled: 'outline',
  failed: 'destructive',
};

/** A job runs for the product: its progress is worth showing. */
export const isProductBusy = (status: ProductInstanceStatus) =>
  status === 'ordered' ||
  status === 'provisioning' ||
  status === 'updating' ||
  status === 'cancelling';

/** The catalog's search: a word in the name, vendor, summary or category, any case. */
export function matchesSearch(
  product: { name: string; vendor: string; summary: string; category: string },
  search: string,
) {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const text =
    `${product.name} ${product.vendor} ${product.summary} ${product.category}`.toLowerCase();
  return words.every((word) => text.includes(word));
}
