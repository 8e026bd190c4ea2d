/**
 * A person's data on request (docs/behaviour/accounts.md#your-data-export-and-deletion): from Account
 * Settings' 'Your data' they download the zip of everything kept about them, then delete their account
 * with their password (a wrong one deletes nothing); afterwards they cannot sign in.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PASSWORD, signInNewAccount } from '../helpers/accounts.js';
import { expectNoSeriousA11yViolations, screenshotBoth } from '../helpers/page-checks.js';

test('a person downloads their data, deletes their account and cannot sign in again @phone', async ({
  page,
}, testInfo) => {
  const email = await signInNewAccount(page, 'account-data', 'erase');

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(
    section.getByText('Download everything we keep about you, or delete your account.'),
  ).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page, testInfo, 'account settings: your data');
  await screenshotBoth(page, testInfo, 'account-your-data');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Download your data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^your-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readFile(await download.path());
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  for (const part of ['auth.json', 'course.json', 'consultation.json', 'payment.json', 'revenue.json']) {
    expect(zip.includes(Buffer.from(part))).toBe(true);
  }
  expect(zip.length).toBeGreaterThan(500);

  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText('This cannot be undone.', { exact: false })).toBeVisible();
  await dialog.getByLabel('Your password').fill('Not-my-password1!');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('That password is not right. Your account was not deleted.')).toBeVisible();
  await screenshotBoth(page, testInfo, 'account-delete-dialog');

  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(
    page.getByText('Your account has been deleted. Your personal data is being erased.').first(),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await (await page.request.get('/api/auth/session')).json()).user).toBeNull();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(
    401,
  );
});
