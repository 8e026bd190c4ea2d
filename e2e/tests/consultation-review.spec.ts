/**
 * The consultation review loop (docs/behaviour/consultation-and-contact.md#my-consultations,
 * docs/behaviour/admin.md#admin-consultations-page; docs/decisions.md, 10, 15–17, 19), against the embedded
 * site: an owner submits a consultation with a photo, a video and a PDF through the API; /my-consultations
 * shows it pending with its counts; a non-admin on the admin page gets 'Access Denied' and goes to /; the
 * support admin opens the submission, sees the photo and the video, is stopped by 'Response Required', saves
 * notes (status unchanged), marks it in review and then completed with a response; the owner then sees it
 * completed with the response and receives it by e-mail. Visitors are sent to /login. Axe and screenshots on
 * a desktop and a 375 px phone.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, PASSWORD, signInThroughApi, signInNewAccount } from '../helpers/accounts.js';
import { completeRequest, requestFiles, startRequest, uploadRequestFile } from '../helpers/consultation.js';
import { isMailPeerRunning, waitForMail } from '../helpers/mail-peer.js';
import { expectImageLoaded, expectNoSeriousA11yViolations, screenshotBoth } from '../helpers/page-checks.js';
import { expectToast } from '../helpers/toasts.js';

const ADMIN_PAGE = '/private-admin-panel-support-only';

/** Step 1, the three uploads and completion, as the consultation form does them (owner signed in). */
async function submitConsultation(request: APIRequestContext, email: string, businessName: string) {
  const started = await startRequest(request, {
    email,
    businessName,
    ownerName: 'Ana Silva',
    location: 'Portland, OR',
  });
  for (const file of await requestFiles(['dining-room.png'])) {
    const body = await uploadRequestFile(request, started, file);
    expect(body.files, `${file.name} was stored`).toHaveLength(1);
    expect(body.rejected).toEqual([]);
  }
  await completeRequest(request, started);
  return started.submissionId;
}

async function signOut(page: Page) {
  await page.context().clearCookies();
}

test('a visitor is sent to /login from My Consultations and from the admin page', async ({ page }) => {
  await page.goto('/my-consultations');
  await expectToast(page, 'Login Required');
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(ADMIN_PAGE);
  await expectToast(page, 'Unauthorized');
  await expect(page).toHaveURL(/\/login$/);
});

test('a new account without consultations is invited to the free photo analysis', async ({
  page,
}, testInfo) => {
  await signInNewAccount(page, 'consult', 'empty');
  await page.goto('/my-consultations');
  await expect(page.getByRole('heading', { level: 1, name: 'My Consultations' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Consultations Yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get FREE Photo Analysis' })).toHaveAttribute(
    'href',
    '/consultation',
  );
  await screenshotBoth(page, testInfo, 'my-consultations-empty');
  await expectNoSeriousA11yViolations(page, testInfo, 'my-consultations-empty');
});

test("an owner's consultation goes from pending to completed with the admin's response", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  expect(isMailPeerRunning(), 'the SMTP peer of global-setup-smtp.ts is running').toBe(true);
  const email = await signInNewAccount(page, 'consult', 'owner');
  const businessName = `Casa Verde ${randomUUID().slice(0, 6)}`;
  const responseText = `Move the host stand to the door and cut the menu to 24 dishes (${businessName}).`;

  // The owner (an account, signed in above) submits with a photo, a video and a PDF.
  await submitConsultation(page.request, email, businessName);

  await page.goto('/my-consultations');
  const card = page.getByRole('group', { name: businessName });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('consultation-status')).toHaveText('Pending');
  await expect(card.getByTestId('file-counts')).toHaveText('1 photo · 1 video · 1 document');
  await expect(card).toContainText('Submitted:');
  await expect(card.getByTestId('consultation-response')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Upload Additional Files' })).toHaveAttribute(
    'href',
    '/additional-upload',
  );
  await screenshotBoth(page, testInfo, 'my-consultations-pending');
  await expectNoSeriousA11yViolations(page, testInfo, 'my-consultations-pending');

  // Not the admin: 'Access Denied', then home after 2 s; the API refuses too.
  expect((await page.request.get('/api/consultations')).status()).toBe(403);
  await page.goto(ADMIN_PAGE);
  await expectToast(page, 'Access Denied');
  await expect(page.getByRole('heading', { name: businessName })).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });

  // The support admin reviews it.
  await signOut(page);
  await signInThroughApi(page, ADMIN.email, ADMIN.password);
  await page.goto(ADMIN_PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Consultation Submissions' })).toBeVisible();
  const item = page.getByRole('button', { name: new RegExp(businessName) });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('consultation-status')).toHaveText('Pending');
  await item.click();
  await expect(item).toHaveAttribute('aria-pressed', 'true');

  const detail = page.getByTestId('submission-detail');
  await expect(detail.getByRole('heading', { level: 2, name: businessName })).toBeVisible();
  await expect(detail.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(detail).toContainText('Portland, OR');
  await expect(detail).toContainText('Slow table turnover on weekends');

  const image = detail.getByTestId('submission-image');
  await expectImageLoaded(image);
  await expect(detail.getByRole('link', { name: 'Photo 1 of 1: dining-room.png' })).toHaveAttribute(
    'href',
    /^\/api\/consultation-files\//,
  );
  const video = detail.getByTestId('submission-video');
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute('controls', '');
  await expect
    .poll(() => video.evaluate((element) => (element as unknown as { readyState: number }).readyState), {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(1);
  await expect(detail.getByRole('link', { name: 'menu.pdf' })).toHaveAttribute(
    'href',
    /^\/api\/consultation-files\//,
  );

  // Completing needs a response.
  await detail.getByRole('button', { name: 'Mark Completed' }).click();
  await expectToast(
    page,
    'Response Required',
    'Please provide a consultation response before marking as completed.',
  );
  await expect(detail.getByTestId('consultation-status')).toHaveText('Pending');

  // Notes are saved without changing the status.
  await detail.getByLabel('Admin Notes').fill('Called the owner on Tuesday; weekend photos are clear.');
  await detail.getByRole('button', { name: 'Save Notes' }).click();
  await expectToast(page, 'Notes Saved');
  await expect(detail.getByTestId('consultation-status')).toHaveText('Pending');

  await detail.getByRole('button', { name: 'Mark In Review' }).click();
  await expectToast(page, 'Status Updated');
  await expect(detail.getByTestId('consultation-status')).toHaveText('In Review');
  await expect(item.getByTestId('consultation-status')).toHaveText('In Review');

  await detail.getByLabel('Consultation Response').fill(responseText);
  await screenshotBoth(page, testInfo, 'admin-consultation-detail');
  await expectNoSeriousA11yViolations(page, testInfo, 'admin-consultation-detail');
  await detail.getByRole('button', { name: 'Mark Completed' }).click();
  await expectToast(page, 'Consultation Completed');
  await expect(detail.getByTestId('consultation-status')).toHaveText('Completed');
  await expect(item.getByTestId('consultation-status')).toHaveText('Completed');

  // The list keeps what was saved after a reload.
  await page.reload();
  await page.getByRole('button', { name: new RegExp(businessName) }).click();
  await expect(page.getByLabel('Admin Notes')).toHaveValue(
    'Called the owner on Tuesday; weekend photos are clear.',
  );
  await expect(page.getByLabel('Consultation Response')).toHaveValue(responseText);

  // The owner sees the response on the page and receives it by e-mail.
  await signOut(page);
  await signInThroughApi(page, email, PASSWORD);
  await page.goto('/my-consultations');
  const completedCard = page.getByRole('group', { name: businessName });
  await expect(completedCard.getByTestId('consultation-status')).toHaveText('Completed');
  await expect(completedCard.getByTestId('consultation-response')).toContainText(responseText);
  await expect(completedCard).toContainText('Completed:');
  await screenshotBoth(page, testInfo, 'my-consultations-completed');
  await expectNoSeriousA11yViolations(page, testInfo, 'my-consultations-completed');

  const mail = await waitForMail(email, {
    where: (message) => `${message.text}\n${message.html}`.includes('Move the host stand to the door'),
    timeoutMs: 30_000,
  });
  expect(mail.subject).not.toBe('');
});
