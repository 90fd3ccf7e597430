/** '1 – 30 Apr 2026': a month (UTC) from the summary's start and end instants. */
export function monthLabel(monthStart: string, monthEnd: string): string {
  const start = new Date(monthStart);
  // The end is the next month's first instant: its last day is the day before.
  const last = new Date(Date.parse(monthEnd) - 1);
  const month = last.toLocaleDateString('en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${start.getUTCDate()} – ${last.getUTCDate()} ${month}`;
}
