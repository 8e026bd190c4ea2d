/** Money and dates as e-mails show them: USD, en-US, always in UTC (stored amounts are integer cents). */

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** 69700 → "$697.00". */
export function formatUsd(cents: number): string {
  return USD.format(cents / 100);
}

/** An ISO instant → "March 1, 2030". */
export function formatDate(iso: string | Date): string {
  return DATE.format(new Date(iso));
}
