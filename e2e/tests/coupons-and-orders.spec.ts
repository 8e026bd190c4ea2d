/**
 * Coupons in the browser (docs/behaviour/checkout-and-payments.md#coupons, docs/behaviour/admin.md#coupons):
 * the admin creates a code at /admin/coupons; a guest buying the course types an unknown code (refused with
 * the server's message), then the real one: the summary shows the discount line and the lower total, the
 * test payment page charges it, and the receipt e-mail shows the discount. A signed-in buyer finds the
 * course under Orders & billing (docs/behaviour/checkout-and-payments.md#orders-and-billing), asks for a
 * refund with a reason, sees it refunded and gets the e-mail. Pages at 1280 px and, in the @phone project,
 * 390 px, with axe on both.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  ADMIN,
  PASSWORD,
  createAccount,
  fillBilling,
  logIn,
  signInThroughApi,
  uniqueEmail,
} from '../helpers/accounts.js';
import { waitForMail } from '../helpers/mail-peer.js';
import { expectNoSeriousA11yViolations, screenshotBoth } from '../helpers/page-checks.js';

test(
  'the admin creates a code and a guest buys the course with it',
  { tag: '@phone' },
  async ({ page, browser }, testInfo) => {
    const code = `SPRING-${randomUUID().slice(0, 6).toUpperCase()}`;

    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/coupons');
    await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
    const form = page.getByRole('form', { name: 'New coupon' });
    await form.getByLabel('Code').fill(code.toLowerCase());
    await form.getByLabel('Percent off').fill('20');
    await form.getByLabel('Restaurant Management Mastery').check();
    await form.getByLabel('Total uses (optional)').fill('50');
    await form.getByRole('button', { name: 'Create coupon' }).click();
    const row = page.getByTestId('coupon-row').filter({ hasText: code });
    await expect(row).toContainText('20% off · Restaurant Management Mastery');
    await expect(row).toContainText('0 of 50 used');
    await expect(row).toContainText('Active');
    // The same code again is refused under the field.
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Percent off').fill('10');
    await form.getByRole('button', { name: 'Create coupon' }).click();
    await expect(form.getByText('A coupon with this code exists already.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'admin-coupons');
    await screenshotBoth(page, testInfo, 'admin-coupons');

    const guest = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
    const email = uniqueEmail('coupon', testInfo.project.name);
    await guest.goto('/checkout?course=1');
    await fillBilling(guest, email);
    const codeField = guest.getByLabel('Coupon code');
    await codeField.fill('NOT-A-CODE');
    await guest.getByRole('button', { name: 'Apply' }).click();
    await expect(
      guest.getByRole('alert').filter({ hasText: 'The code NOT-A-CODE does not exist.' }),
    ).toBeVisible();
    await expect(guest.getByTestId('checkout-total')).toHaveText('$697.00');

    await codeField.fill(code.toLowerCase());
    await codeField.press('Enter');
    await expect(guest.getByTestId('coupon-applied')).toContainText(`${code} applied`);
    await expect(guest.getByTestId('checkout-coupon-line')).toHaveText(`Discount (${code}, 20% off)-$139.40`);
    await expect(guest.getByTestId('checkout-total')).toHaveText('$557.60');
    await expectNoSeriousA11yViolations(guest, testInfo, 'checkout-with-coupon');
    await screenshotBoth(guest, testInfo, 'checkout-with-coupon');

    const created = guest.waitForResponse('**/api/create-checkout-session');
    await guest.getByRole('button', { name: /Complete Secure Purchase/ }).click();
    expect((await created).status()).toBe(200);
    await guest.waitForURL((url) => url.pathname.startsWith('/api/test-checkout/'));
    await expect(guest.getByText('-$139.40')).toBeVisible();
    await expect(guest.getByText('$557.60')).toBeVisible();
    await guest.getByRole('button', { name: 'Pay (test mode)' }).click();
    await guest.waitForURL(/\/checkout-success\?session_id=/);

    const receipt = await waitForMail(email, {
      where: (mail) => mail.subject.includes('receipt'),
      timeoutMs: 30_000,
    });
    expect(receipt.subject).toBe('Your Restaurant Consultant receipt ($557.60)');
    expect(receipt.text).toContain(`Discount (${code}): -$139.40`);
    expect(receipt.text).toContain('Restaurant Management Mastery: $697.00');

    await page.reload();
    await expect(page.getByTestId('coupon-row').filter({ hasText: code })).toContainText('1 of 50 used');
    await guest.close();
  },
);

test(
  'a buyer finds the order under Orders & billing and gets their money back within 30 days',
  {
    tag: '@phone',
  },
  async ({ page }, testInfo) => {
    const email = uniqueEmail('orders', testInfo.project.name);
    await createAccount(page.request, email);
    await signInThroughApi(page, email, PASSWORD);
    await page.goto('/orders');
    await expect(page.getByTestId('no-orders')).toContainText('No orders yet');

    await page.goto('/checkout?course=1');
    await fillBilling(page, email);
    await page.getByRole('button', { name: /Complete Secure Purchase/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/test-checkout/'));
    await page.getByRole('button', { name: 'Pay (test mode)' }).click();
    await page.waitForURL(/\/checkout-success\?session_id=/);

    await page.goto('/member/dashboard');
    await page.getByRole('link', { name: 'Orders & billing' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    const order = page.getByTestId('order-card').first();
    await expect(order).toContainText('Restaurant Management Mastery');
    await expect(order).toContainText('Total paid$697.00');
    await expect(order.getByText('Paid', { exact: true })).toBeVisible();
    await expect(order).toContainText('30-day money-back guarantee: you can ask for a refund until');
    await expectNoSeriousA11yViolations(page, testInfo, 'orders');
    await screenshotBoth(page, testInfo, 'orders');

    await order.getByRole('button', { name: 'Ask for a refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask for a refund' });
    await dialog.getByRole('button', { name: 'Refund $697.00' }).click();
    await expect(dialog.getByText('Please tell us in a few words why you want a refund.')).toBeVisible();
    await dialog.getByLabel('Why do you want a refund?').fill('It is not the right time for my restaurant.');
    await dialog.getByRole('button', { name: 'Refund $697.00' }).click();
    await expect(dialog).toBeHidden();
    await expect(order.getByText('Refunded', { exact: true }).first()).toBeVisible();
    await expect(order).toContainText('Refunded on');
    await expect(order.getByRole('button', { name: 'Ask for a refund' })).toHaveCount(0);

    const mail = await waitForMail(email, {
      where: (entry) => /refund/i.test(entry.subject),
      timeoutMs: 30_000,
    });
    expect(mail.text).toContain('$697.00');
  },
);
