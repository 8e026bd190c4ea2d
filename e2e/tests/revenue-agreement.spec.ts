/**
 * The signed agreement (docs/behaviour/revenue-share.md#the-signed-agreement), against the embedded site:
 * an owner who agreed gets 'Your Premium Success agreement' with the PDF attached, downloads the same file
 * from the dashboard's Revenue Share card, and the admin downloads the same file again from the customer's
 * row on /revenue-admin. At 1280 px and, in the @phone project, 390 px, with axe.
 */
import { expect, test } from '@playwright/test';
import {
  ADMIN,
  createSignedInAccount,
  PASSWORD,
  signInThroughApi,
  uniqueEmail,
} from '../helpers/accounts.js';
import { waitForMail } from '../helpers/mail-peer.js';
import { downloadOf, expectNoSeriousA11yViolations, saveScreenshot } from '../helpers/page-checks.js';
import { consentToRevenueShare } from '../helpers/revenue-share.js';

test(
  'the owner gets the signed agreement by e-mail and on the dashboard; the admin downloads the same file',
  { tag: '@phone' },
  async ({ page, playwright, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('revenue-agreement', testInfo.project.name);
    const request = await playwright.request.newContext({ baseURL });
    await createSignedInAccount(request, email);
    await consentToRevenueShare(request, 123_456);
    await request.dispose();

    const mail = await waitForMail(email, {
      where: (received) => received.subject === 'Your Premium Success agreement',
      timeoutMs: 30_000,
    });
    expect(mail.text).toContain('Your signed agreement is attached as a PDF');
    expect(mail.attachments).toHaveLength(1);
    const [attached] = mail.attachments;
    expect(attached).toMatchObject({
      filename: 'premium-success-agreement-v1.0.pdf',
      contentType: 'application/pdf',
    });
    expect(attached!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await signInThroughApi(page, email, PASSWORD);
    await page.goto('/dashboard');
    const card = page.getByTestId('revenue-share-card');
    const link = card.getByRole('link', { name: 'Download agreement (PDF)' });
    await expect(link).toBeVisible({ timeout: 20_000 });
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'revenue-agreement-dashboard');
    await expectNoSeriousA11yViolations(page, testInfo, 'revenue-agreement-dashboard');
    const mine = await downloadOf(page, () => link.click());
    expect(mine.name).toBe('premium-success-agreement-v1.0.pdf');
    expect(mine.bytes.equals(attached!.content)).toBe(true);
    await testInfo.attach('agreement (owner)', { body: mine.bytes, contentType: 'application/pdf' });

    await signInThroughApi(page, ADMIN.email, ADMIN.password);
    await page.goto('/revenue-admin');
    await expect(page.getByRole('tab', { name: /^All Customers/ })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('tab', { name: /^All Customers/ }).click();
    const customer = page.getByRole('tabpanel').getByTestId('customer-row').filter({ hasText: email });
    const adminLink = customer.getByRole('link', { name: 'Download agreement (PDF)' });
    await expect(adminLink).toBeVisible();
    await customer.scrollIntoViewIfNeeded();
    await saveScreenshot(page, testInfo, 'revenue-agreement-admin');
    await expectNoSeriousA11yViolations(page, testInfo, 'revenue-agreement-admin');
    const copy = await downloadOf(page, () => adminLink.click());
    expect(copy.name).toBe('premium-success-agreement-v1.0.pdf');
    expect(copy.bytes.equals(attached!.content)).toBe(true);
  },
);
