/**
 * The revenue-share programme end to end, as an owner and the support admin live it, in two browsers at
 * once against the embedded site (docs/behaviour/revenue-share.md): the owner agrees on the welcome page,
 * the dashboard asks for the consultation, Module 1 opens at once and Module 2 waits; once the
 * consultation is submitted the plan is active and the banner goes; the owner reports last month on /revenue-report;
 * the admin verifies it on /revenue-admin; the owner pays the share online with 'Pay now'; the admin sees
 * it collected. (Which reason holds Module 2 back, and its opening on its day, are the course service's
 * drip, tested there with a set clock: the site under test runs on real time.)
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN, createProvenAccount, logIn, uniqueEmail } from '../helpers/accounts.js';
import { isMailPeerRunning } from '../helpers/mail-peer.js';
import { expectNoSeriousA11yViolations, saveScreenshot } from '../helpers/page-checks.js';

const MEDIA_DIR = path.resolve(import.meta.dirname, '../../services/course/media');

type Section = { id: number; isAvailable: boolean; lockedReason: string | null };

/** The owner's programme sections, in order, as the course service answers them. */
async function sections(request: APIRequestContext): Promise<Section[]> {
  const enrolments = await request.get('/api/enrollments');
  expect(enrolments.status(), await enrolments.text()).toBe(200);
  const [enrolment] = (await enrolments.json()) as { courseId: number }[];
  if (!enrolment) return [];
  const response = await request.get(`/api/courses/${enrolment.courseId}/available-modules`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Section[];
}

async function planStatus(request: APIRequestContext): Promise<string | null> {
  const response = await request.get('/api/auth/user');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { planStatus?: string | null }).planStatus ?? null;
}

/** A consultation sent under the owner's (proven) address, with a walkthrough video, through the API. */
async function submitConsultation(request: APIRequestContext, email: string): Promise<void> {
  const created = await request.post('/api/consultation', {
    data: {
      businessName: 'Harbour Bistro',
      ownerName: 'Rosa Diaz',
      email,
      phone: '+1 503 555 0100',
      restaurantPhone: '',
      restaurantName: 'Harbour Bistro',
      location: 'Portland, OR',
      currentChallenges: 'Weekend tables turn slowly and the menu is hard to read.',
      consultationGoals: 'Raise weekend revenue by 20% with a simpler menu.',
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { submissionId, uploadToken } = (await created.json()) as {
    submissionId: string;
    uploadToken: string;
  };
  const form = new FormData();
  form.append('fileType', 'videos');
  const video = await readFile(path.join(MEDIA_DIR, 'member-lesson.mp4'));
  form.append('files', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), 'walkthrough.mp4');
  const uploaded = await request.post(`/api/consultation/${submissionId}/upload`, {
    headers: { 'X-Upload-Token': uploadToken },
    multipart: form,
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const completed = await request.post(`/api/consultation/${submissionId}/complete`, {
    headers: { 'X-Upload-Token': uploadToken, 'Content-Type': 'application/json' },
  });
  expect(completed.status(), await completed.text()).toBe(200);
}

/** The calendar month before this one, in UTC (the server's calendar). */
function lastMonth(): { start: string; end: string } {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

function toast(page: Page, title: string): Locator {
  return page
    .getByRole('region', { name: /notifications/i })
    .getByText(title, { exact: true })
    .first();
}

function ledgerRow(page: Page, testId: 'report-row' | 'customer-row', email: string): Locator {
  return page.getByRole('tabpanel').getByTestId(testId).filter({ hasText: email });
}

test('an owner takes the programme from consent to a paid monthly share, and the admin runs the ledger', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  expect(isMailPeerRunning(), 'the SMTP peer of global-setup-smtp.ts is running').toBe(true);
  const email = uniqueEmail('journey', 'owner');
  await createProvenAccount(page, email);

  // Consent on the welcome page, no baseline: the whole net revenue counts.
  await page.goto('/revenue-share-welcome');
  await page.getByRole('checkbox', { name: 'I agree to the Revenue Share Terms (v1.0)' }).click();
  await page.getByRole('button', { name: 'Start Free Implementation' }).click();
  await expect(toast(page, 'Welcome to Revenue Share!')).toBeVisible();
  await page.waitForURL(/\/dashboard$/);

  // The dashboard asks for the consultation; Module 1 is open at once, Module 2 waits (for its day, and
  // after it for the consultation: the course service's drip tests cover the order with a set clock).
  await expect(
    page.getByTestId('consultation-banner').getByRole('heading', { name: 'Action Required' }),
  ).toBeVisible();
  await expect.poll(async () => (await sections(page.request)).length, { timeout: 15_000 }).toBe(8);
  const [first, second] = await sections(page.request);
  expect(first).toMatchObject({ isAvailable: true, lockedReason: null });
  expect(second).toMatchObject({ isAvailable: false });
  expect(await planStatus(page.request)).toBe('rs_pending');

  // The consultation is submitted: the plan becomes active and the banner goes.
  await submitConsultation(page.request, email);
  await expect.poll(() => planStatus(page.request), { timeout: 15_000 }).toBe('rs_active');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  await expect(page.getByTestId('consultation-banner')).toHaveCount(0);
  expect((await sections(page.request))[0]).toMatchObject({ isAvailable: true });

  // Last month's report through the page: $12,500 gross, $2,500 expenses, a $1,000.00 share.
  await page.goto('/revenue-report');
  const { start, end } = lastMonth();
  await page.getByLabel('Reporting period start').fill(start);
  await page.getByLabel('Reporting period end').fill(end);
  await page.getByLabel('Total gross revenue').fill('12500');
  await page.getByLabel('Total business expenses').fill('2500');
  await expect(page.getByTestId('calculated-share')).toHaveText('$1,000.00');
  await page.getByRole('button', { name: 'Submit Report' }).click();
  await expect(toast(page, 'Revenue Report Submitted')).toBeVisible();
  const mine = page.getByTestId('report-row').filter({ visible: true });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByTestId('report-status')).toHaveText('Submitted');

  // The admin, in a browser of their own, verifies it on the ledger.
  const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const admin = await adminContext.newPage();
  try {
    await logIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/revenue-admin');
    await expect(admin.getByRole('heading', { level: 1, name: 'Revenue Management' })).toBeVisible({
      timeout: 20_000,
    });
    const pending = ledgerRow(admin, 'report-row', email);
    await expect(pending).toContainText('$1,000.00');
    await pending.getByRole('button', { name: 'Verify' }).click();
    await expect(toast(admin, 'Report Verified')).toBeVisible();

    // The owner pays the verified share online.
    await page.reload();
    await expect(mine.getByTestId('report-status')).toHaveText('Verified');
    await mine.getByRole('button', { name: /^Pay now/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/test-checkout/'));
    await expect(page.getByText('$1,000.00').first()).toBeVisible();
    await page.getByRole('button', { name: 'Pay (test mode)' }).click();
    await expect(page.getByTestId('payment-outcome')).toContainText('Payment received');
    await expect(mine.getByTestId('report-status')).toHaveText('Paid', { timeout: 20_000 });

    // The admin sees it collected: gone from Unpaid Revenue, paid on the customer's row.
    await admin.reload();
    await admin.getByRole('tab', { name: /^Unpaid Revenue/ }).click();
    await expect(ledgerRow(admin, 'report-row', email)).toHaveCount(0);
    await admin.getByRole('tab', { name: /^All Customers/ }).click();
    const customer = ledgerRow(admin, 'customer-row', email);
    await expect(customer).toContainText('Current');
    await expect(customer).toContainText('$1,000.00');
    await saveScreenshot(admin, testInfo, 'journey-admin-collected');
    await expectNoSeriousA11yViolations(admin, testInfo, 'revenue admin after the online payment');
  } finally {
    await adminContext.close();
  }
});
