import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render as renderBare, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearBrowserStorage } from '@/lib/browser-storage';
import { createTestQueryClient, json, renderPage } from '@/test/test-utils';
import { PromoBanner } from './promo-banner';
import { PROMO_CODE } from './promo-rules';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/use-toast', () => ({ toast, useToast: () => ({ toast }) }));

beforeEach(() => {
  vi.useFakeTimers();
  toast.mockReset();
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: vi.fn(async () => {}) },
    configurable: true,
  });
});
afterEach(() => vi.useRealTimers());

/** The banner as a visitor sees it: no session, so nobody is asked about the offer. */
const render = (element: ReactElement) =>
  renderBare(<QueryClientProvider client={createTestQueryClient()}>{element}</QueryClientProvider>);

describe('promo banner', () => {
  it("is not shown, nor its side tab, once the server says the organization's offer is used", async () => {
    vi.useRealTimers();
    const used = renderPage(<PromoBanner />, {
      url: '/dashboard',
      routes: {
        'GET /api/orders/promo': () => json({ code: PROMO_CODE, percent: 5, available: false }),
      },
    });
    await vi.waitFor(() => expect(used.calls).toContain('GET /api/orders/promo'));
    await vi.waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Promotion' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Show the discount offer' })).toBeNull();
    used.view.unmount();

    renderPage(<PromoBanner />, {
      url: '/dashboard',
      routes: {
        'GET /api/orders/promo': () => json({ code: PROMO_CODE, percent: 5, available: true }),
      },
    });
    expect(await screen.findByRole('region', { name: 'Promotion' })).toBeInTheDocument();
  });

  it("copies the code, shows 'Copied!' for 2 s and a 3 s toast", async () => {
    render(<PromoBanner />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: `Copy promo code ${PROMO_CODE}` }));
    });
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith(PROMO_CODE);
    expect(screen.getByText('Copied!')).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ duration: 3000 }));
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByText('Copied!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Copied!')).not.toBeInTheDocument();
  });

  it('dismisses for the session and restores from the side tab with a 2.5 s toast', () => {
    const { unmount } = render(<PromoBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the promotion' }));
    expect(screen.queryByText(PROMO_CODE)).not.toBeInTheDocument();
    expect(sessionStorage.getItem('promoBannerDismissed')).toBe('true');
    unmount();
    render(<PromoBanner />);
    // Still dismissed after a remount in the same session.
    fireEvent.click(screen.getByRole('button', { name: 'Show the discount offer' }));
    expect(screen.getByText(PROMO_CODE)).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Discount bar restored', duration: 2500 }),
    );
  });

  it('comes back when sign-out clears the storage, without a page load', () => {
    render(<PromoBanner />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the promotion' }));
    expect(screen.queryByText(PROMO_CODE)).not.toBeInTheDocument();
    act(() => clearBrowserStorage());
    expect(screen.getByText(PROMO_CODE)).toBeInTheDocument();
  });
});
