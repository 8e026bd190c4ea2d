/** The site's toasts for browser specs: the notifications region they appear in, and a check of one. */
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** The notifications region (the toaster) every toast of the page stands in. */
export function toastRegion(page: Page): Locator {
  return page.getByRole('region', { name: /notifications/i });
}

export interface ToastOptions {
  /** How long the title may take to show (a toast that follows a slow server answer); expect's own by default. */
  timeout?: number;
  /** The same toast may stand more than once (an action repeated before the first one left): check the first. */
  first?: boolean;
}

/** Expects a toast with this exact title and, when given, this description (its exact text or a pattern). */
export async function expectToast(
  page: Page,
  title: string,
  description?: string | RegExp,
  { timeout, first = false }: ToastOptions = {},
): Promise<void> {
  const shown = (text: string | RegExp) => {
    const found = toastRegion(page).getByText(text, { exact: true });
    return first ? found.first() : found;
  };
  await expect(shown(title)).toBeVisible({ timeout });
  if (description !== undefined) await expect(shown(description)).toBeVisible();
}
