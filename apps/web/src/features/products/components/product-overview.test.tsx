import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@alpenkube/contract';
import { clearGetCache } from '@/lib/http';
import { renderPage } from '@/test/test-utils';
import { handleProductPush } from '../queries';
import { ProductOverview } from './product-overview';

beforeEach(() => clearGetCache());

const provisioning = {
  id: 3,
  status: 'provisioning',
  progress: 40,
  statusReason: null,
  pendingOrderId: null,
  planName: 'Starter',
  planSize: '2 vCPU',
  billingCycle: 'monthly',
  period: null,
  orderId: null,
  cancelledAt: null,
} as unknown as ProductDetail;

describe('ProductOverview', () => {
  it('shows what the running job just did, as it is pushed', async () => {
    const { queryClient } = renderPage(<ProductOverview product={provisioning} />, {
      url: '/orders/products/3',
    });
    const bar = await screen.findByRole('progressbar');
    expect(bar.parentElement).toHaveTextContent('40%');
    expect(bar.parentElement).not.toHaveTextContent('Creating the volumes');

    act(() =>
      handleProductPush(
        {
          type: 'product',
          organizationId: 1,
          productId: 3,
          status: 'provisioning',
          progress: 60,
          step: 'Creating the volumes',
        },
        { userId: 7, queryClient },
      ),
    );
    expect(await screen.findByText(/Creating the volumes/)).toBeInTheDocument();

    // Another product's step is not this one's.
    act(() =>
      handleProductPush(
        {
          type: 'product',
          organizationId: 1,
          productId: 9,
          status: 'provisioning',
          progress: 10,
          step: 'Elsewhere',
        },
        { userId: 7, queryClient },
      ),
    );
    expect(screen.queryByText(/Elsewhere/)).not.toBeInTheDocument();
  });
});
