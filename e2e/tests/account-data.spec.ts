/**
 * A person's data on request (docs/behaviour/accounts.md#your-data-export-and-deletion): from Account
 * Settings' 'Your data' they download the zip of everything kept about them, then delete their account
 * with their password (a wrong one deletes nothing); afterwards they cannot sign in. The admin, on a
 * learner's request, downloads their zip from /admin/learners and deletes their account; the learner then
 * cannot sign in either.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  ADMIN,
  becomeCourseMember,
  PASSWORD,
  signInNewAccount,
  signInThroughApi,
  uniqueEmail,
} from '../helpers/accounts.js';
import { closeContexts } from '../helpers/contexts.js';
import { expectNoSeriousA11yViolations, saveScreenshot, screenshotBoth } from '../helpers/page-checks.js';
import { toastRegion } from '../helpers/toasts.js';

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

test('the admin exports a learner’s data and deletes their account on their request @phone', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  // A learner who bought the course, in a browser of their own.
  const email = uniqueEmail('account-data', 'admin-erase');
  const learnerContext = await browser.newContext();
  let password: string;
  try {
    password = await becomeCourseMember(await learnerContext.newPage(), email);
  } finally {
    await closeContexts(learnerContext);
  }

  await signInThroughApi(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/learners');
  const learner = page.getByTestId('admin-learner').filter({ hasText: email });
  await expect(learner).toHaveCount(1);
  await learner.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page, testInfo, 'admin learners: a person’s data');
  await saveScreenshot(page, testInfo, 'admin-learner-personal-data');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    learner.getByRole('link', { name: /^Export data: / }).click(),
  ]);
  const zip = await readFile(await download.path());
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  for (const part of ['auth.json', 'course.json', 'payment.json']) {
    expect(zip.includes(Buffer.from(part))).toBe(true);
  }

  await learner.getByRole('button', { name: /^Delete account: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this account on the person’s request?' });
  await expect(
    dialog.getByText('Their personal data is erased from every part of the site', { exact: false }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo, 'admin learners: delete dialog');
  await saveScreenshot(page, testInfo, 'admin-learner-delete-dialog');
  await dialog.getByRole('button', { name: 'Delete account', exact: true }).click();
  await expect(
    toastRegion(page).getByText('The account has been deleted. Its personal data is being erased.'),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await saveScreenshot(page, testInfo, 'admin-learner-deleted');

  // The learner can no longer sign in; the admin's list no longer names them.
  expect((await page.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Learners', level: 1 })).toBeVisible();
  await expect(page.getByTestId('admin-learner').filter({ hasText: email })).toHaveCount(0);
});
