/** How a catalogue product reads on its card. */

/** 'consulting' → 'Consulting'. */
export function capitalizeCategory(category: string): string {
  const trimmed = category.trim();
  return trimmed ? trimmed.charAt(0).toUpperCase() + trimmed.slice(1) : trimmed;
}

/** A product priced above 0 goes in the cart; one priced 0 is included with another product. */
export function isPurchasable(product: { price: number }): boolean {
  return product.price > 0;
}
