/**
 * The free consultation's form (/consultation, docs/behaviour/consultation-and-contact.md) for browser
 * specs: step 1 filled in for Blue Door Hospitality, and the upload step's slots and queued files.
 */
import type { Locator, Page } from '@playwright/test';

/** Step 1's fields and what `fillStepOne` types into them ('Email address' is the one given). */
export const STEP_ONE = {
  'Your name': 'Ana Lopez',
  'Email address': '',
  'Business name': 'Blue Door Hospitality',
  'Restaurant name': 'Blue Door Bistro',
  Location: '1200 Larimer Street, Denver, CO',
  'Current challenges': 'Our tables stay half empty on weekday nights and few guests come back.',
  'Consultation goals': 'Fill the dining room four nights a week and double our returning guests.',
} as const;

/** Fills step 1 with STEP_ONE, the given e-mail address and a phone number; nothing is sent yet. */
export async function fillStepOne(page: Page, email: string): Promise<void> {
  for (const [label, value] of Object.entries(STEP_ONE))
    await page.getByLabel(label, { exact: true }).fill(label === 'Email address' ? email : value);
  await page.getByLabel('Your phone (optional)').fill('+1 303 555 0142');
}

/** One upload slot of step 2: 'Restaurant Photos', 'Walkthrough Video' or 'Menu'. */
export function slot(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title });
}

/** A chosen file's row in its slot (its `data-status`: pending, uploading, stored, refused, failed). */
export function fileRow(page: Page, name: string): Locator {
  return page.getByTestId('queued-file').filter({ hasText: name });
}
