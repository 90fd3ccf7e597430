import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearBrowserStorage } from '@/lib/browser-storage';
import { PromoBanner } from './promo-banner';
import { PROMO_CODE } from './promo-rules';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/use-toast', () => ({ toast }));

beforeEach(() => {
  vi.useFakeTimers();
  toast.mockReset();
  Object.defineProperty(navigator, 'clipboard', {
    value: { writeText: vi.fn(async () => {}) },
    configurable: true,
  });
});
afterEach(() => vi.useRealTimers());

describe('promo banner', () => {
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
