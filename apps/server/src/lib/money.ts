const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as a person reads them in a timeline, an event or a notification: $10,540.80. */
export const dollars = (cents: number) => usd.format(cents / 100);
