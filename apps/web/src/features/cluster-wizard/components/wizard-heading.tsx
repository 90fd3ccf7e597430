import type { ReactNode } from 'react';

/** What the wizard hands the checkout it shows as its last step (the checkout feature's). */
export interface CheckoutSlot {
  orderId: number;
  /** Call when the order is paid: the draft is over. */
  onPaid: () => void;
}

export type RenderCheckout = (slot: CheckoutSlot) => ReactNode;

export function WizardHeading({ title, lead }: { title: string; lead: ReactNode }) {
  return (
    <header className="space-y-2">
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">New cluster</p>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <p className="max-w-3xl text-muted-foreground">{lead}</p>
    </header>
  );
}
