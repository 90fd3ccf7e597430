import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';
import { resetToastsForTests, toast } from './use-toast';

beforeEach(() => {
  vi.useFakeTimers();
  resetToastsForTests();
});
afterEach(() => vi.useRealTimers());

describe('Toaster', () => {
  it('shows a toast and closes it after its default 5 s', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Saved', description: 'All good', variant: 'success' });
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('Saved').closest('[data-variant]')).toHaveAttribute(
      'data-variant',
      'success',
    );
    act(() => vi.advanceTimersByTime(5000 + 6000 + 500));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('honours a custom duration', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Quick', duration: 1000 });
    });
    act(() => vi.advanceTimersByTime(1000 + 6000 + 500));
    expect(screen.queryByText('Quick')).not.toBeInTheDocument();
  });
});
