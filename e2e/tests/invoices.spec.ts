/**
 * Invoices in the browser (docs/behaviour/checkout-and-payments.md#invoices): a signed-in buyer gives a
 * company and a tax ID at checkout, pays on the test provider's page, downloads the invoice from Orders &
 * billing and gets a PDF with its number, the buyer's details and the total; the receipt e-mail names the
 * invoice and carries its PDF as an attachment.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { PASSWORD, createAccount, fillBilling, signInThroughApi, uniqueEmail } from '../helpers/accounts.js';
import { waitForMail } from '../helpers/mail-peer.js';
import { screenshotBoth } from '../helpers/page-checks.js';

/** The text pdf-lib drew: each string is hex inside a deflated content stream. */
function drawnText(pdf: Buffer): string {
  return [...pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)endstream/g)]
    .map((match) => {
      const bytes = Buffer.from(match[1]!, 'latin1');
      try {
        return inflateSync(bytes).toString('latin1');
      } catch {
        return bytes.toString('latin1');
      }
    })
    .flatMap((stream) => [...stream.matchAll(/<([0-9A-Fa-f]+)> Tj/g)])
    .map((match) => Buffer.from(match[1]!, 'hex').toString('latin1'))
    .join('\n');
}

test('a buyer downloads the invoice of their order from Orders & billing', async ({ page }, testInfo) => {
  const email = uniqueEmail('invoice', testInfo.project.name);
  await createAccount(page.request, email);
  await signInThroughApi(page, email, PASSWORD);

  await page.goto('/checkout?course=1');
  await fillBilling(page, email);
  await page.getByLabel('Company (optional)').fill('Harbour Bistro LLC');
  await page.getByLabel('Tax ID for the invoice (optional)').fill('US-12-3456789');
  await page.getByRole('button', { name: /Complete Secure Purchase/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/api/test-checkout/'));
  await page.getByRole('button', { name: 'Pay (test mode)' }).click();
  await page.waitForURL(/\/checkout-success\?session_id=/);

  await page.goto('/orders');
  const order = page.getByTestId('order-card').first();
  const link = order.getByRole('link', { name: /Download invoice INV-\d{6} \(PDF\)/ });
  await expect(link).toBeVisible();
  await screenshotBoth(page, testInfo, 'orders-with-invoice');
  const invoiceNumber = /INV-\d{6}/.exec((await link.textContent()) ?? '')![0];
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`invoice-${invoiceNumber}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = drawnText(pdf);
  for (const expected of [
    invoiceNumber,
    'Harbour Bistro LLC',
    'Tax ID: US-12-3456789',
    'Restaurant Management Mastery',
    '$697.00',
    'Payment method: Card (test payment)',
  ]) {
    expect(text).toContain(expected);
  }

  const receipt = await waitForMail(email, {
    where: (mail) => mail.subject.includes('receipt'),
    timeoutMs: 30_000,
  });
  expect(receipt.text).toContain(`Invoice ${invoiceNumber} is attached as a PDF`);
  const [attached] = receipt.attachments;
  expect(attached).toMatchObject({
    filename: `invoice-${invoiceNumber}.pdf`,
    contentType: 'application/pdf',
  });
  expect(drawnText(attached!.content)).toContain('Tax ID: US-12-3456789');
  await writeFile(testInfo.outputPath('receipt-invoice.pdf'), attached!.content);
});
