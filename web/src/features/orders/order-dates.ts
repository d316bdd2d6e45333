import { onFirstUse } from '#domain/on-first-use';

// The order page's dates, in India's days as the store's messages are ("The return window … closed on 2
// Dec"): the formatters are made on first use (building one costs milliseconds on a slow phone).
const fullDate = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-IN', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    }),
);
const dayMonth = onFirstUse(
  () => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' }),
);

/** "20 Mar 2026". */
export function formatOrderDate(iso: string): string {
  return fullDate().format(new Date(iso));
}

/** "2 Dec". */
export function formatDayMonth(iso: string): string {
  return dayMonth().format(new Date(iso));
}
