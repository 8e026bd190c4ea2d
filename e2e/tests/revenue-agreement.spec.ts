/**
 * The signed agreement (docs/behaviour/revenue-share.md#the-signed-agreement), against the embedded site:
 * an owner who agreed gets 'Your Premium Success agreement' with the PDF attached, downloads the same file
 * from the dashboard's Revenue Share card, and the admin downloads the same file again from the customer's
 * row on /revenue-admin. At 1280 px and, in the @phone project, 390 px, with axe.
 */
import { expect, test } from '@playwright/test';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { createSignedInAccount, PASSWORD, signInThroughApi, uniqueEmail } from '../helpers/accounts.js';
import { waitForMail } from '../helpers/mail-peer.js';
import { downloadOf, expectNoSeriousA11yViolations, saveScreenshot } from '../helpers/page-checks.js';
import { consentToRevenueShare, openRevenueAdminTab } from '../helpers/revenue-share.js';

const AGREEMENT_FILE = 'premium-success-agreement-v1.0.pdf';

/**
 * Checks the page with `holder` in view (a picture, axe) under `name`, then downloads the agreement from
 * `link`: the very file the e-mail attached, under its name. Answers the downloaded bytes.
 */
async function downloadSameAgreement(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { holder, link, attached }: { holder: Locator; link: Locator; attached: Buffer },
): Promise<Buffer> {
  // The part may be drawn again as it hydrates near the view: scroll to whichever element stands then.
  await expect(async () => holder.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  await saveScreenshot(page, testInfo, name);
  await expectNoSeriousA11yViolations(page, testInfo, name);
  const file = await downloadOf(page, () => link.click());
  expect(file.name).toBe(AGREEMENT_FILE);
  expect(file.bytes.equals(attached)).toBe(true);
  return file.bytes;
}

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
      filename: AGREEMENT_FILE,
      contentType: 'application/pdf',
    });
    expect(attached!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await signInThroughApi(page, email, PASSWORD);
    await page.goto('/dashboard');
    const card = page.getByTestId('revenue-share-card');
    const link = card.getByRole('link', { name: 'Download agreement (PDF)' });
    await expect(link).toBeVisible({ timeout: 20_000 });
    const mine = await downloadSameAgreement(page, testInfo, 'revenue-agreement-dashboard', {
      holder: card,
      link,
      attached: attached!.content,
    });
    await testInfo.attach('agreement (owner)', { body: mine, contentType: 'application/pdf' });

    const customers = await openRevenueAdminTab(page, 'All Customers');
    const customer = customers.getByTestId('customer-row').filter({ hasText: email });
    const adminLink = customer.getByRole('link', { name: 'Download agreement (PDF)' });
    await expect(adminLink).toBeVisible();
    await downloadSameAgreement(page, testInfo, 'revenue-agreement-admin', {
      holder: customer,
      link: adminLink,
      attached: attached!.content,
    });
  },
);
