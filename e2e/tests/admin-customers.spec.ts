/**
 * The admin's customers (docs/behaviour/admin.md#customers), against the embedded site: the admin finds a
 * buyer by part of their e-mail, opens them, revokes the course with a reason (the buyer loses it at once),
 * grants it back with another, sees both in the history, sends a set-password link and the order's
 * receipt again (both arrive by e-mail) and refunds the order with a reason. Each page at 1280 px and, in the @phone project, 390 px, with axe.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { ADMIN, becomeCourseMember, signInAdminPage, uniqueEmail } from '../helpers/accounts.js';
import { listMail, waitForMail } from '../helpers/mail-peer.js';
import { expectNoSeriousA11yViolations, screenshotBoth } from '../helpers/page-checks.js';
import { closeContexts } from '../helpers/contexts.js';

const enrolments = async (page: Page) =>
  ((await (await page.request.get('/api/enrollments')).json()) as unknown[]).length;

async function changeAccess(admin: Page, button: string, title: string, reason: string) {
  const course = admin.getByTestId('customer-course').first();
  await course.getByRole('button', { name: button }).click();
  const dialog = admin.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toHaveCount(0);
}

test(
  'the admin finds a customer, revokes the course and grants it back, each with a reason kept',
  { tag: '@phone' },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('customers', 'access');
    await becomeCourseMember(page, email);
    expect(await enrolments(page)).toBe(1);

    const admin = await signInAdminPage(browser, page.viewportSize());
    await admin.goto('/admin/customers');
    await expect(admin.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await admin.getByLabel('Search customers').fill(email.split('@')[0]!.toUpperCase());
    const row = admin.getByTestId('admin-customer');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(email);
    await expect(row).toContainText('0 of 8 sections');
    await expect(row).toContainText('Member');
    await expectNoSeriousA11yViolations(admin, testInfo, 'admin-customers');
    await screenshotBoth(admin, testInfo, 'admin-customers');

    await admin.getByLabel('Search customers').fill('no such customer anywhere');
    await expect(admin.getByTestId('customers-empty')).toContainText('No customer matches');
    await admin.getByLabel('Search customers').fill(email);
    await row.getByRole('link').click();
    await expect(admin).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
    const course = admin.getByTestId('customer-course').first();
    await expect(course).toContainText('0 of 8 sections');

    await changeAccess(admin, 'Revoke access', 'Revoke this course?', 'Chargeback opened with the bank');
    await expect(course).toContainText('No access');
    expect(await enrolments(page)).toBe(0);

    await changeAccess(admin, 'Grant access', 'Grant this course?', 'Bank sided with us');
    await expect(course.getByRole('button', { name: 'Revoke access' })).toBeVisible();
    expect(await enrolments(page)).toBe(1);
    const history = admin.getByTestId('access-history');
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').first()).toContainText('Granted');
    await expect(history.getByRole('listitem').first()).toContainText('Bank sided with us');
    await expect(history.getByRole('listitem').nth(1)).toContainText('Chargeback opened with the bank');
    await expect(history).toContainText(ADMIN.email);

    const isLink = (message: { subject: string }) =>
      message.subject === 'Set your password for Restaurant Consultant';
    const sentBefore = (await listMail(email)).filter(isLink).length;
    await admin.getByRole('button', { name: 'Send set-password link' }).click();
    await expect(admin.getByText('A set-password link is on its way to the customer.').first()).toBeVisible();
    const mail = await waitForMail(email, { where: isLink, index: sentBefore });
    expect(mail.text).toMatch(/setup-password\?token=/);

    // The order's receipt again, then a refund with a reason.
    const isReceipt = (message: { subject: string }) =>
      message.subject.startsWith('Your Restaurant Consultant receipt');
    const receiptsBefore = (await listMail(email)).filter(isReceipt).length;
    const order = admin.getByTestId('customer-order');
    await expect(order).toHaveCount(1);
    await order.getByRole('button', { name: 'Resend receipt' }).click();
    await expect(admin.getByText('The receipt is on its way to the buyer again.').first()).toBeVisible();
    await waitForMail(email, { where: isReceipt, index: receiptsBefore });
    await order.getByRole('button', { name: 'Refund' }).click();
    const refund = admin.getByRole('dialog', { name: 'Refund this order?' });
    await refund.getByLabel('Reason').fill('Asked by phone');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expect(refund).toHaveCount(0);
    await expect(order).toContainText('refunded');
    await expect(order.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(admin, testInfo, 'admin-customer');
    await screenshotBoth(admin, testInfo, 'admin-customer');
    await closeContexts(admin.context());
  },
);

test('a signed-in member is turned away from the customers', async ({ page }) => {
  const email = uniqueEmail('customers', 'refused');
  await becomeCourseMember(page, email);
  expect((await page.request.get('/api/admin/customers')).status()).toBe(403);
  expect(
    (
      await page.request.get('/api/admin/customers/learning?userIds=00000000-0000-4000-8000-000000000000')
    ).status(),
  ).toBe(403);
  await page.goto('/admin/customers');
  await expect(page.getByText('This page is for the support admin only.').first()).toBeVisible();
  await expect(page.getByTestId('admin-customer')).toHaveCount(0);
});
