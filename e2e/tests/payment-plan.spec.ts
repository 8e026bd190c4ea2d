/**
 * Flexible Payments as a payment plan in the browser (docs/behaviour/checkout-and-payments.md#payment-plan):
 * a signed-in buyer checks out the plan, pays $532.33 on the test provider's page, sees the schedule of
 * three payments on Orders & billing, pays the rest early, and gets the e-mail for it; another changes the
 * card the plan charges from Orders & billing, and the admin sees that plan's schedule and card on the
 * customer's page.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  PASSWORD,
  createAccount,
  fillBilling,
  signInAdminPage,
  signInThroughApi,
  uniqueEmail,
} from '../helpers/accounts.js';
import { waitForMail } from '../helpers/mail-peer.js';
import { expectNoSeriousA11yViolations, screenshotBoth } from '../helpers/page-checks.js';
import { closeContexts } from '../helpers/contexts.js';

/** The page as a desktop (1280) and a phone (390) see it, kept with the report. */
async function pictures(page: Page, testInfo: TestInfo, name: string) {
  const original = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** A new account signs in, buys Flexible Payments and pays the first $532.33 on the test provider's page. */
async function buyPlan(page: Page, testInfo: TestInfo, label: string): Promise<string> {
  const email = uniqueEmail(label, testInfo.project.name);
  await createAccount(page.request, email);
  await signInThroughApi(page, email, PASSWORD);

  await page.goto('/checkout?product=flexible-payments-program&plan=flexible_payments');
  await expect(
    page.getByText(
      'Flexible Payments: $532.33 today, then $532.33 and $532.34 charged to your card one and two months from now.',
      { exact: false },
    ),
  ).toBeVisible();
  await fillBilling(page, email);
  await page.getByRole('button', { name: /Complete Secure Purchase\s*\$532\.33/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/api/test-checkout/'));
  await expect(page.getByText('$532.33').first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay (test mode)' }).click();
  await page.waitForURL(/\/checkout-success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  return email;
}

test('a buyer pays Flexible Payments in instalments and pays the rest early', async ({ page }, testInfo) => {
  const email = await buyPlan(page, testInfo, 'plan');

  await page.goto('/orders');
  const plan = page.getByRole('region', { name: 'Payment plan: 3 monthly payments' });
  await expect(plan).toBeVisible();
  await expect(plan.getByText('On schedule')).toBeVisible();
  const instalments = plan.getByTestId('plan-instalments').getByRole('listitem');
  await expect(instalments).toHaveCount(3);
  await expect(instalments.nth(0)).toContainText('Payment 1 of 3: $532.33');
  await expect(instalments.nth(0)).toContainText('Paid');
  await expect(instalments.nth(1)).toContainText('Payment 2 of 3: $532.33');
  await expect(instalments.nth(1)).toContainText('Scheduled');
  await expect(instalments.nth(2)).toContainText('Payment 3 of 3: $532.34');
  await expect(plan).toContainText('Paid so far $532.33 of $1,597.00 · still to pay $1,064.67');
  await pictures(page, testInfo, 'orders-payment-plan');
  await screenshotBoth(page, testInfo, 'orders-payment-plan');

  await plan.getByRole('button', { name: 'Pay the rest now ($1,064.67)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay the rest now' });
  await expect(dialog).toContainText('$1,064.67 is charged now to the card on your account');
  await pictures(page, testInfo, 'orders-pay-rest-dialog');
  await dialog.getByRole('button', { name: 'Pay $1,064.67' }).click();
  await expect(page.getByText('Plan paid in full', { exact: true }).first()).toBeVisible();
  await expect(plan.getByText('Paid in full')).toBeVisible();
  await expect(plan).toContainText('Paid so far $1,597.00 of $1,597.00');
  await expect(plan.getByRole('button', { name: /Pay the rest now/ })).toHaveCount(0);
  await pictures(page, testInfo, 'orders-payment-plan-paid');

  const mail = await waitForMail(email, {
    where: (received) => received.subject === 'Flexible Payments: $1,064.67 received',
    timeoutMs: 30_000,
  });
  expect(mail.text).toContain('payments 2 and 3 of 3 of Flexible Payments');
  expect(mail.text).toContain('Your plan is paid in full.');
});

test('the buyer changes the card the plan charges, and the admin sees the schedule', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = await buyPlan(page, testInfo, 'plan-card');
  await page.goto('/orders');
  const plan = page.getByRole('region', { name: 'Payment plan: 3 monthly payments' });
  await expect(plan.getByTestId('plan-card')).toHaveText('Card on file: Visa ending 4242');

  // The card page the revenue share uses (TEST MODE here); saving charges nothing.
  await plan.getByRole('button', { name: 'Change card' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/api/test-card-setup/'));
  await page.getByRole('button', { name: /Save Visa ending 0341/ }).click();
  await page.waitForURL((url) => url.pathname === '/orders');
  await expect(plan.getByTestId('plan-card-outcome')).toContainText('Card saved');
  await expect(plan.getByTestId('plan-card')).toHaveText('Card on file: Visa ending 0341');
  await expect(plan).toContainText('Paid so far $532.33 of $1,597.00 · still to pay $1,064.67');
  await expect(plan.getByRole('button', { name: 'Pay the overdue instalment now' })).toHaveCount(0);
  await pictures(page, testInfo, 'orders-plan-card-changed');

  const admin = await signInAdminPage(browser, page.viewportSize());
  await admin.goto('/admin/customers');
  await admin.getByLabel('Search customers').fill(email);
  const row = admin.getByTestId('admin-customer');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(email);
  await row.getByRole('link').click();
  const order = admin.getByTestId('customer-order');
  await expect(order).toHaveCount(1);
  const schedule = order.getByRole('region', { name: 'Payment plan: 3 monthly payments' });
  await expect(schedule).toContainText('On schedule');
  const instalments = schedule.getByTestId('plan-instalments').getByRole('listitem');
  await expect(instalments).toHaveCount(3);
  await expect(instalments.nth(0)).toContainText('Payment 1 of 3: $532.33');
  await expect(instalments.nth(0)).toContainText('Paid on');
  await expect(instalments.nth(1)).toContainText('Scheduled');
  await expect(schedule.getByTestId('plan-card')).toHaveText('Card on file: Visa ending 0341');
  await expect(schedule.getByRole('button')).toHaveCount(0);
  await expectNoSeriousA11yViolations(admin, testInfo, 'admin-customer-plan');
  await pictures(admin, testInfo, 'admin-customer-plan');
  await closeContexts(admin.context());
});
