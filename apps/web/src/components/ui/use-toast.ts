import { useSyncExternalStore, type ReactNode } from 'react';

/** At most 3 toasts visible, removed 6 s after dismissal, shown 5 s by default. */
export const TOAST_LIMIT = 3;
export const TOAST_REMOVE_DELAY_MS = 6000;
export const TOAST_DEFAULT_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'success' | 'destructive' | 'warning' | 'info';

export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before the toast closes itself; defaults to 5 s. */
  duration?: number;
  action?: ReactNode;
};

export type ToastItem = ToastInput & { id: string; open: boolean };

type Listener = () => void;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  // Keeping a dismissed toast a while lets Radix play its exit animation and swipe-out.
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    emit(toasts.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

/** Closes one toast, or every toast when no id is given; each is removed 6 s later. */
export function dismissToast(id?: string) {
  const targets = toasts.filter((t) => id === undefined || t.id === id);
  if (targets.length === 0) return;
  for (const t of targets) scheduleRemoval(t.id);
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast. Newest first; beyond three, the oldest drops out of the list. */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const item: ToastItem = { variant: 'default', ...input, id, open: true };
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch: ToastInput) => emit(toasts.map((t) => (t.id === id ? { ...t, ...patch } : t))),
  };
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot() {
  return toasts;
}

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}

/** Test helper: forget every toast and pending timer. */
export function resetToastsForTests() {
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  emit([]);
}
