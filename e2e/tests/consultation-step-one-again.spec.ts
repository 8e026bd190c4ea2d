/**
 * Step 1 of the free consultation sent again after its answer was lost on poor Wi-Fi
 * (docs/behaviour/consultation-and-contact.md#step-1-business-information; docs/decisions.md, 119): the
 * request reaches the server but the page hears nothing and says so; the owner presses 'Save and Continue'
 * again (or reloads the tab first, the typed values kept) and lands in step 2, and the admin sees one
 * request, not two.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { ADMIN, signInThroughApi, uniqueEmail } from '../helpers/accounts.js';
import { fillStepOne } from '../helpers/consultation.js';
import { loseFirstAnswer } from '../helpers/held-requests.js';
import { expectToast } from '../helpers/toasts.js';

const ADMIN_PAGE = '/private-admin-panel-support-only';

/** Step 1 filled in for `businessName`, its first answer lost: the page says it failed. */
async function sendStepOneAnswerLost(page: Page, businessName: string): Promise<void> {
  await page.goto('/consultation');
  await fillStepOne(page, uniqueEmail('step-one-again', 'owner'));
  await page.getByLabel('Business name', { exact: true }).fill(businessName);
  await loseFirstAnswer(page, '**/api/consultation');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expectToast(page, 'Submission Failed', 'Please check your information and try again.');
}

async function expectOneRequestForAdmin(page: Page, businessName: string): Promise<void> {
  await page.context().clearCookies();
  await signInThroughApi(page, ADMIN.email, ADMIN.password);
  await page.goto(ADMIN_PAGE);
  const requests = page.getByRole('button', { name: new RegExp(businessName) });
  await expect(requests.first()).toBeVisible();
  await expect(requests).toHaveCount(1);
}

test('step 1 sent again after its answer was lost is one request', async ({ page }) => {
  const businessName = `Blue Door Again ${randomUUID().slice(0, 6)}`;
  await sendStepOneAnswerLost(page, businessName);
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expectToast(page, 'Information Saved');
  await expect(page.getByText(`Business information saved for ${businessName}`)).toBeVisible();
  await expectOneRequestForAdmin(page, businessName);
});

test('step 1 sent again after a lost answer and a reload of the tab is one request', async ({ page }) => {
  const businessName = `Blue Door Reload ${randomUUID().slice(0, 6)}`;
  await sendStepOneAnswerLost(page, businessName);
  await page.reload();
  await expect(page.getByLabel('Business name', { exact: true })).toHaveValue(businessName);
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByText(`Business information saved for ${businessName}`)).toBeVisible();
  await expectOneRequestForAdmin(page, businessName);
});
