/** Money as every page and e-mail shows it: amounts are integer cents, the platform sells in US dollars. */

const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Integer cents → US dollars, en-US, always 2 decimals: 69700 → "$697.00", -29600 → "-$296.00". */
export function formatMoney(cents: number): string {
  return USD.format(cents / 100);
}
