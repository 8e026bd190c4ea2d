/**
 * The contact page in the browser (docs/behaviour/consultation-and-contact.md#contact-page;
 * docs/decisions.md, 22): support details, business hours and the four questions; the form's messages; a
 * message that is really sent ('Sending...' while the request runs, 'Message Sent!', an empty form) and
 * reaches support by e-mail. Screenshots on a desktop and a 375 px phone.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { ADMIN } from '../helpers/accounts.js';
import { isMailPeerRunning, waitForMail } from '../helpers/mail-peer.js';
import { expectNoSeriousA11yViolations, screenshotBoth } from '../helpers/page-checks.js';
import { toastRegion } from '../helpers/toasts.js';
import { holdRequests } from '../helpers/held-requests.js';

test.describe('contact page', () => {
  test('shows the support details, business hours and four questions', async ({ page }, testInfo) => {
    await page.goto('/contact');
    await expect(page).toHaveTitle(/^Contact Us \|/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /within 24 hours/);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    const details = page.getByRole('complementary', { name: 'Support details' });
    await expect(details.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(details.getByRole('link', { name: /555/ })).toHaveAttribute('href', /^tel:\+/);
    await expect(details.getByText('9am - 6pm Mountain Time')).toBeVisible();
    await expect(details.getByText('Limited e-mail support')).toBeVisible();

    const questions = page.getByRole('region', { name: 'Frequently Asked Questions' }).getByRole('button');
    await expect(questions).toHaveCount(4);
    await questions.first().click();
    await expect(page.getByText(/We answer every message within 24 hours/)).toBeVisible();
    await expect(questions.nth(3)).toHaveText(/revenue share/i);
    await screenshotBoth(page, testInfo, 'contact');
    await expectNoSeriousA11yViolations(page, testInfo, 'contact');
  });

  test(
    'names every missing field, then sends the message to support',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      await page.goto('/contact');
      const send = page.getByRole('button', { name: 'Send Message' });
      await send.click();
      for (const message of [
        'First name must be at least 2 characters',
        'Last name must be at least 2 characters',
        // A blank address is missing: it is not called disposable.
        'Please enter your email address',
        'Please select a service of interest',
        'Message must be at least 10 characters',
      ])
        await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(
        page.getByText('Please enter a valid business email address. Disposable emails are not accepted.'),
      ).toHaveCount(0);
      await expect(page.getByLabel('First name *')).toBeFocused();
      await screenshotBoth(page, testInfo, 'contact-errors');
      // A malformed one gets the e-mail rule's message.
      await page.getByLabel('Email address *').fill('ana@bluedoor');
      await send.click();
      await expect(
        page.getByText('Please enter a valid business email address. Disposable emails are not accepted.', {
          exact: true,
        }),
      ).toBeVisible();
      await expect(page.getByText('Please enter your email address', { exact: true })).toHaveCount(0);

      const email = `owner+contact-${randomUUID().slice(0, 8)}@bluedoor-bistro.com`;
      const marker = `Marker ${randomUUID()}`;
      await page.getByLabel('First name *').fill('Ana');
      await page.getByLabel('Last name *').fill('Lopez');
      await page.getByLabel('Email address *').fill(email);
      await page.getByLabel('Phone (optional)').fill('+1 303 555 0142');
      await page.getByLabel('Restaurant name (optional)').fill('Blue Door Bistro');
      await expect(page.getByLabel('Subject *').locator('option')).toHaveText([
        'Choose a topic',
        'Pricing and plans',
        'Program information',
        'Technical support',
        'Billing and payments',
        'Free consultation',
        'Something else',
      ]);
      await page.getByLabel('Subject *').selectOption({ label: 'Technical support' });
      await page.getByLabel('Message *').fill(`The lesson videos stutter on my tablet. ${marker}`);

      // 'Sending...' lasts as long as the request: hold the request back a moment to see it.
      const release = await holdRequests(page, '**/api/contact');
      await send.click();
      await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
      release();

      await expect(toastRegion(page).getByText('Message Sent!', { exact: true })).toBeVisible();
      await expect(toastRegion(page).getByText("We'll get back to you within 24 hours.")).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
      await expect(page.getByLabel('First name *')).toHaveValue('');
      await expect(page.getByLabel('Message *')).toHaveValue('');
      await expect(page.getByLabel('Subject *')).toHaveValue('');
      // The toast goes after 5 s.
      await expect(toastRegion(page).getByText('Message Sent!', { exact: true })).toBeHidden({
        timeout: 8_000,
      });

      expect(isMailPeerRunning(), 'the SMTP peer of global-setup-smtp.ts is running').toBe(true);
      const mail = await waitForMail(ADMIN.email, {
        where: (received) => `${received.text}${received.html}`.includes(marker),
        timeoutMs: 30_000,
      });
      expect(mail.text).toContain(email);
    },
  );
});
