import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TOAST_DEFAULT_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  dismissToast,
  resetToastsForTests,
  toast,
  useToast,
} from './use-toast';

beforeEach(() => {
  vi.useFakeTimers();
  resetToastsForTests();
});
afterEach(() => vi.useRealTimers());

describe('toast store', () => {
  it('keeps at most 3, newest first', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      for (const title of ['one', 'two', 'three', 'four']) toast({ title });
    });
    expect(TOAST_LIMIT).toBe(3);
    expect(result.current.toasts.map((t) => t.title)).toEqual(['four', 'three', 'two']);
  });

  it('removes a dismissed toast 6 s later, not before', () => {
    const { result } = renderHook(() => useToast());
    let id = '';
    act(() => {
      id = toast({ title: 'bye' }).id;
    });
    act(() => dismissToast(id));
    expect(result.current.toasts[0]).toMatchObject({ title: 'bye', open: false });
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1));
    expect(result.current.toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toasts).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY_MS).toBe(6000);
  });

  it('defaults to the default variant and a 5 s duration', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'plain' });
    });
    expect(result.current.toasts[0]?.variant).toBe('default');
    expect(TOAST_DEFAULT_DURATION_MS).toBe(5000);
  });

  it('dismiss without an id closes every toast', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'a' });
      toast({ title: 'b' });
    });
    act(() => dismissToast());
    expect(result.current.toasts.every((t) => !t.open)).toBe(true);
  });
});
