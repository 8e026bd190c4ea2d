/**
 * The cart as a visitor fills it on /services: a press on 'Add to Cart' is answered even before the card
 * is hydrated (held and given again, docs/decisions.md, 115), so the header's count is what says it landed.
 */
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** Adds the Restaurant Consultation from /services and waits until the header counts it. */
export async function addConsultationToCart(page: Page): Promise<void> {
  await page.goto('/services');
  await page.getByRole('button', { name: /Add to Cart.*Restaurant Consultation/ }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart, \d+ items?$/ })).toBeVisible();
}
