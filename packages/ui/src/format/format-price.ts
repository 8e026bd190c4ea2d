const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Integer cents → US dollars, en-US, always 2 decimals: 69700 → "$697.00". */
export function formatPrice(cents: number): string {
  return usd.format(cents / 100);
}
