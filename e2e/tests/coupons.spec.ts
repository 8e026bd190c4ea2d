/**
 * Coupons in the browser (docs/behaviour/checkout-and-payments.md#coupons, docs/behaviour/admin.md#coupons):
 * the admin creates a code at /admin/coupons; a guest buying the course types an unknown code (refused with
 * the server's message), then the real one: the summary shows the discount line and the lower total, the
 * test payment page charges it, and the receipt e-mail shows the discount. Pages at 1280 px and, in the
 * @phone project, 390 px, with axe on both.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ADMIN, fillBilling, logIn, uniqueEmail } from '../helpers/accounts.js';
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
