/** "15 min", "4 h", "2 days": a support plan's first-response target, given in minutes. */
export function responseTime(minutes: number | null) {
  if (minutes === null) return 'not covered';
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) return `${Math.round(minutes / 60)} h`;
  const days = Math.round(minutes / (24 * 60));
  return `${days} day${days === 1 ? '' : 's'}`;
}
