/**
 * A consultation's thread (docs/behaviour/consultation-and-contact.md#the-consultation-thread;
 * docs/decisions.md, 97), against the embedded site: an owner sends a request through the API and writes
 * from /my-consultations; support is e-mailed the message; the admin reads it on the admin page and
 * answers with a PDF plan attached (docs/decisions.md, 107), its first answer lost on the way and sent
 * again, posted once; the owner sees both messages in order, the
 * file under the answer, downloads it, and receives the answer by e-mail saying a file is attached. Axe
 * and screenshots on a desktop and a phone.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { ADMIN, PASSWORD, signInThroughApi, uniqueEmail } from '../helpers/accounts.js';
import { ownerWithCompletedRequest } from '../helpers/consultation.js';
import { isMailPeerRunning, waitForMail } from '../helpers/mail-peer.js';
import { expectNoSeriousA11yViolations, screenshotBoth } from '../helpers/page-checks.js';
import { loseFirstAnswer } from '../helpers/held-requests.js';
import { expectToast } from '../helpers/toasts.js';

const ADMIN_PAGE = '/private-admin-panel-support-only';

const PLAN_PDF = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../services/course/media/restaurant-goals-workbook.pdf',
);

async function write(page: Page, thread: Locator, text: string) {
  await thread.getByLabel('Your message').fill(text);
  await thread.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Message Sent');
}

test(
  'an owner writes on their request, the admin answers, and each side is e-mailed',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    expect(isMailPeerRunning(), 'the SMTP peer of global-setup-smtp.ts is running').toBe(true);
    const email = uniqueEmail('thread', 'owner');
    const businessName = `Casa Azul ${randomUUID().slice(0, 6)}`;
    const question = `We would like to talk about the patio of ${businessName}.`;
    const answer = `Yes: Tuesday at 10 works for ${businessName}.`;

    await ownerWithCompletedRequest(page, {
      email,
      businessName,
      ownerName: 'Ana Silva',
      location: 'Portland, OR',
    });

    await page.goto('/my-consultations');
    const card = page.getByRole('group', { name: businessName });
    const ownerThread = card.getByTestId('consultation-thread');
    await expect(ownerThread.getByText('No messages yet.')).toBeVisible();
    await ownerThread.getByRole('button', { name: 'Send Message' }).click();
    await expect(ownerThread.getByText('Please write your message')).toBeVisible();
    await write(page, ownerThread, question);
    await expect(ownerThread.getByTestId('thread-message')).toHaveText([new RegExp(`^You.*${question}`)]);

    const notice = await waitForMail(ADMIN.email, {
      where: (message) => `${message.text}\n${message.html}`.includes(question),
      timeoutMs: 30_000,
    });
    expect(notice.subject).toBe(`New message from Ana Silva: ${businessName}`);

    await page.context().clearCookies();
    await signInThroughApi(page, ADMIN.email, ADMIN.password);
    await page.goto(ADMIN_PAGE);
    await page.getByRole('button', { name: new RegExp(businessName) }).click();
    const adminThread = page.getByTestId('submission-detail').getByTestId('consultation-thread');
    await expect(adminThread.getByTestId('thread-message')).toHaveText([
      new RegExp(`^Ana Silva.*${question}`),
    ]);
    const plan = await readFile(PLAN_PDF);
    await adminThread.getByTestId('thread-file-input').setInputFiles([
      { name: 'patio-plan.pdf', mimeType: 'application/pdf', buffer: plan },
      { name: 'not-this-one.pdf', mimeType: 'application/pdf', buffer: plan },
    ]);
    const chosen = adminThread.getByTestId('thread-chosen-files');
    await expect(chosen.getByRole('listitem')).toHaveCount(2);
    await screenshotBoth(page, testInfo, 'admin-consultation-thread-chosen-files');
    await chosen.getByRole('button', { name: 'Remove not-this-one.pdf' }).click();
    await expect(chosen.getByRole('listitem')).toHaveText([/^patio-plan\.pdf/]);
    // The first answer is lost on the way back (poor Wi-Fi): the message and its file are kept, the page
    // hears nothing and says so. Sent again, it is the same message, posted once.
    await loseFirstAnswer(page, '**/api/admin/consultations/*/messages');
    await adminThread.getByLabel('Your message').fill(answer);
    await adminThread.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Message Not Sent', 'Your message could not be sent. Please try again.');
    await expect(chosen.getByRole('listitem')).toHaveText([/^patio-plan\.pdf/]);
    await adminThread.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Message Sent');
    await page.unroute('**/api/admin/consultations/*/messages');
    await expect(adminThread.getByTestId('thread-message')).toHaveText([
      new RegExp(`^Ana Silva.*${question}`),
      new RegExp(`^You.*${answer}.*patio-plan\\.pdf`),
    ]);
    await expect(adminThread.getByTestId('thread-chosen-files')).toHaveCount(0);
    await screenshotBoth(page, testInfo, 'admin-consultation-thread');
    await expectNoSeriousA11yViolations(page, testInfo, 'admin-consultation-thread');

    await page.context().clearCookies();
    await signInThroughApi(page, email, PASSWORD);
    await page.goto('/my-consultations');
    await expect(page.getByRole('group', { name: businessName }).getByTestId('thread-message')).toHaveText([
      new RegExp(`^You.*${question}`),
      new RegExp(`^Restaurant Consultant.*${answer}.*patio-plan\\.pdf`),
    ]);
    const link = page
      .getByRole('group', { name: businessName })
      .getByRole('link', { name: 'Download patio-plan.pdf' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('patio-plan.pdf');
    expect((await readFile(await download.path())).equals(plan)).toBe(true);
    await screenshotBoth(page, testInfo, 'my-consultations-thread');
    await expectNoSeriousA11yViolations(page, testInfo, 'my-consultations-thread');

    const mail = await waitForMail(email, {
      where: (message) => `${message.text}\n${message.html}`.includes(answer),
      timeoutMs: 30_000,
    });
    expect(mail.subject).toBe(`A new message about your consultation for ${businessName}`);
    expect(mail.text).toContain('1 file is attached to this reply');
  },
);
