/**
 * The revenue-share programme end to end, all through the pages, as an owner and the support admin live it
 * in two browsers at once (docs/behaviour/revenue-share.md, docs/behaviour/member-learning.md#drip-release):
 * from /pricing's 'Apply Now' through sign-up to the welcome page and the consent; the dashboard asks for
 * the consultation, Module 1 opens at once (its section page and its first lesson's page) while Module 2
 * waits for its day (one day after the enrolment: until then the schedule is the reason it gives, before
 * the consultation); the owner sends the free consultation through its form, signed in, and a day and a
 * minute later (the site's clock moved) Module 2 opens; the admin records on /revenue-admin that the owner
 * agreed before the platform existed, so last month is their first to report; the owner reports it on
 * /revenue-report, the admin verifies it, the owner pays the share with 'Pay now' and the test provider's
 * checkout, and the admin sees it collected.
 *
 * On a desktop and (the @phone project) a 390 px phone, where the header's links are behind the menu. The
 * spec moves the services' clock, so it runs against a site of its own (one per worker), started on a
 * `RunningClock`. Axe on the welcome page, /revenue-report and /revenue-admin; one screenshot per page.
 */
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { DAY, MINUTE } from '@platform/service-kit/clock';
import { ADMIN, fillSignUp, PASSWORD, signInThroughApi, uniqueEmail } from '../helpers/accounts.js';
import { fileRow, fillStepOne, slot } from '../helpers/consultation.js';
import { closeContexts } from '../helpers/contexts.js';
import { isMailPeerRunning } from '../helpers/mail-peer.js';
import { RunningClock, ownSite } from '../helpers/own-site.js';
import { expectNoSeriousA11yViolations, saveScreenshot } from '../helpers/page-checks.js';
import { agreedSoFirstMonthIs, monthNameBack, payNowOnTestProvider } from '../helpers/revenue-share.js';
import { toastRegion } from '../helpers/toasts.js';

const clock = new RunningClock();
const site = ownSite('revenue-share-journey', { clock });

function toast(page: Page, title: string): Locator {
  return toastRegion(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) });
}

/**
 * Waits for a toast and closes it, as an owner would: on a phone toasts lie over the header, and a pointer
 * resting on one keeps it open.
 */
async function closeToast(page: Page, title: string): Promise<void> {
  const shown = toast(page, title);
  await expect(shown).toBeVisible({ timeout: 15_000 });
  await shown.getByRole('button', { name: 'Close' }).click();
  await expect(shown).toHaveCount(0);
}

/** Waits for a toast to go by itself, the pointer kept off it (at the bottom of the screen). */
async function waitOutToast(page: Page, title: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.mouse.move(width / 2, height - 1);
  await expect(toast(page, title)).toHaveCount(0, { timeout: 15_000 });
}

/** Below 1024 px the header's links are in the menu behind 'Open menu'. */
function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 1024;
}

/** Follows one of the header's links: in the header on a desktop, from the menu on a phone. */
async function followHeaderLink(page: Page, name: string): Promise<void> {
  const desktopNav = page.getByRole('navigation', { name: 'Main', exact: true });
  if (isPhone(page)) {
    await expect(desktopNav).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main (mobile)' })
      .getByRole('link', { name, exact: true })
      .click();
  } else {
    await desktopNav.getByRole('link', { name, exact: true }).click();
  }
}

/**
 * Runs `check`, reloading the page between tries: what the pages read once (the enrolment, the plan) comes
 * from the services' events a moment after the action that caused them.
 */
async function reloadUntil(page: Page, check: () => Promise<void>): Promise<void> {
  let tries = 0;
  await expect(async () => {
    if (tries++ > 0) await page.reload();
    await check();
  }).toPass({ timeout: 30_000, intervals: [500, 1_000, 2_000] });
}

/**
 * The calendar month before this one (UTC), by whichever of the browser's and the site's clocks is
 * behind, so it has ended for both.
 */
function lastMonth(): { start: string; end: string } {
  const now = new Date(Math.min(Date.now(), clock.now().getTime()));
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

/** The row (a table row, or a card on a phone) of the owner in the admin's open tab. */
function ledgerRow(page: Page, testId: 'report-row' | 'customer-row', email: string): Locator {
  return page.getByRole('tabpanel').getByTestId(testId).filter({ visible: true }).filter({ hasText: email });
}

/** 'Section 2: title' → 'title'. */
async function sectionTitle(row: Locator, number: number): Promise<string> {
  const label = await row.getByText(new RegExp(`^Section ${number}: `)).textContent();
  return (label ?? '').replace(`Section ${number}: `, '');
}

test(
  'an owner goes from /pricing to an open Module 2 and a paid monthly share, and the admin runs the ledger',
  { tag: '@phone' },
  async ({ browser }, testInfo) => {
    test.setTimeout(300_000);
    expect(isMailPeerRunning(), 'the SMTP peer of global-setup-smtp.ts is running').toBe(true);
    const width = testInfo.project.use.viewport?.width ?? 1280;
    const ownerContext = await site.context(browser, width);
    const adminContext = await site.context(browser, width);
    const page = await ownerContext.newPage();
    const email = uniqueEmail('journey', testInfo.project.name);

    try {
      // The programme on /pricing, reached from the header; 'Apply Now' leads a visitor to sign up.
      await page.goto('/');
      await followHeaderLink(page, 'View All Plans');
      await expect(page).toHaveURL(/\/pricing$/);
      const premium = page.getByTestId('programme-revenue_share');
      await expect(premium).toContainText('Premium Success Program');
      await premium.getByRole('checkbox').click();
      await premium.getByRole('button', { name: /Apply Now/ }).click();
      await expect(page).toHaveURL(/\/signup$/);
      await fillSignUp(page, { first: 'Rosa', last: 'Diaz', email, password: PASSWORD });
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL(/\/revenue-share-welcome$/);

      // Consent on the welcome page, no baseline: the whole net revenue counts.
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Revenue Share' })).toBeVisible();
      await waitOutToast(page, 'Account Created Successfully');
      await saveScreenshot(page, testInfo, 'journey-welcome');
      await expectNoSeriousA11yViolations(page, testInfo, 'revenue-share-welcome');
      await page.getByRole('checkbox', { name: 'I agree to the Revenue Share Terms (v1.0)' }).click();
      const consentedFrom = clock.now().getTime();
      await page.getByRole('button', { name: 'Start Free Implementation' }).click();
      await closeToast(page, 'Welcome to Revenue Share!');
      await page.waitForURL(/\/dashboard$/);

      // The dashboard asks for the consultation; Module 1 is open at once, Module 2 waits for the
      // consultation (its day alone would not open it), not 'Unlocks in 1 day'.
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Rosa!' })).toBeVisible();
      const rows = page.getByTestId('course-section');
      await reloadUntil(page, async () => {
        await expect(rows).toHaveCount(8, { timeout: 5_000 });
      });
      await expect(
        page.getByTestId('consultation-banner').getByRole('heading', { name: 'Action Required' }),
      ).toBeVisible();
      await expect(rows.nth(0).getByTestId('section-status')).toHaveText('Available');
      await expect(rows.nth(1).getByTestId('section-status')).toHaveText('Locked');
      await expect(rows.nth(1)).toContainText('Unlocks after you submit your restaurant consultation');
      const unlocksIn = rows.nth(1).getByTestId('unlocks-in');
      await expect(unlocksIn).toHaveCount(0);
      const firstTitle = await sectionTitle(rows.nth(0), 1);
      const secondTitle = await sectionTitle(rows.nth(1), 2);

      // Module 1's section page, from the dashboard, and its first lesson's own page.
      await rows.nth(0).getByRole('link', { name: 'Access Section Content' }).click();
      await expect(page).toHaveURL(/\/module\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: firstTitle })).toBeVisible();
      await expect(page.getByTestId('section-badge')).toHaveText('Available');
      // Section 2 is not open to this owner yet.
      await expect(page.getByTestId('next-section-teaser')).toHaveText(
        'Continue building your restaurant expertise!',
      );
      const firstLesson = page.getByTestId('section-lesson').first();
      const lessonTitle = (await firstLesson.getByRole('heading', { level: 3 }).textContent()) ?? '';
      await firstLesson.getByRole('link', { name: /^Open lesson page/ }).click();
      await expect(page).toHaveURL(/\/lessons\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: lessonTitle })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Mark as Completed' })).toBeEnabled();
      await saveScreenshot(page, testInfo, 'journey-lesson');

      // Back on the dashboard, Module 2's row, opened, says the consultation opens it and offers no way in yet.
      await page.goBack();
      await page.getByRole('link', { name: /Back to Dashboard/ }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await rows.nth(1).getByRole('button').click();
      await expect(rows.nth(1)).toContainText(
        'This section opens once your restaurant consultation is submitted.',
      );
      await expect(rows.nth(1).getByRole('link', { name: 'Submit Restaurant Consultation' })).toHaveAttribute(
        'href',
        '/consultation',
      );
      await expect(rows.nth(1).getByRole('link', { name: 'Access Section Content' })).toHaveCount(0);

      // The free consultation through its form, signed in, from the header: step 1, a photo, done.
      await followHeaderLink(page, 'Free Consultation');
      await expect(page).toHaveURL(/\/consultation$/);
      await fillStepOne(page, email);
      await page.getByRole('button', { name: 'Save and Continue' }).click();
      await closeToast(page, 'Information Saved');
      const photo = await page.screenshot({ type: 'png' });
      const photos = slot(page, 'Restaurant Photos');
      await photos
        .getByLabel('Choose photos')
        .setInputFiles({ name: 'dining-room.png', mimeType: 'image/png', buffer: photo });
      await photos.getByRole('button', { name: 'Upload 1 photo' }).click();
      await expect(fileRow(page, 'dining-room.png')).toHaveAttribute('data-status', 'stored');
      await closeToast(page, 'Files Uploaded Successfully');
      await saveScreenshot(page, testInfo, 'journey-consultation');
      await page.getByRole('button', { name: 'Complete Submission & Send Confirmation' }).click();
      await expect(toast(page, 'Submission Complete!')).toBeVisible();
      // Signed in, the owner lands on the list that now holds the request.
      await page.waitForURL((url) => url.pathname === '/my-consultations');

      // The consultation is in: no banner; Module 2 now waits for its day only, one day after the
      // enrolment, in the site's time (the course enrols the owner from the consent's event, a moment after
      // it, and learns of the consultation from auth's event).
      await page.goto('/dashboard');
      await expect(rows).toHaveCount(8);
      await expect(page.getByTestId('consultation-banner')).toHaveCount(0);
      await expect(rows.nth(1).getByTestId('section-status')).toHaveText('Locked');
      await reloadUntil(page, async () => {
        await expect(unlocksIn).toHaveCount(1, { timeout: 5_000 });
      });
      const opensAt = new Date((await unlocksIn.getAttribute('datetime')) ?? '').getTime();
      expect(opensAt).toBeGreaterThanOrEqual(consentedFrom + DAY);
      expect(opensAt).toBeLessThanOrEqual(clock.now().getTime() + DAY);
      // Whole days from the browser's now (one, unless an earlier test of this worker moved the clock).
      const days = Math.ceil((opensAt - Date.now()) / DAY);
      await expect(unlocksIn).toHaveText(days === 1 ? 'Unlocks in 1 day' : `Unlocks in ${days} days`);
      await saveScreenshot(page, testInfo, 'journey-dashboard');

      // A day and a minute later Module 2 is open (once auth and the course have the submitted consultation,
      // from events): announced once, and its page shows its lessons.
      clock.advance(DAY + MINUTE);
      await reloadUntil(page, async () => {
        await expect(rows.nth(1).getByTestId('section-status')).toHaveText('Available', { timeout: 5_000 });
      });
      await closeToast(page, 'New Section Unlocked!');
      await rows.nth(1).getByRole('button').click();
      await rows.nth(1).getByRole('link', { name: 'Access Section Content' }).click();
      await expect(page).toHaveURL(/\/module\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: secondTitle })).toBeVisible();
      await expect(page.getByTestId('section-badge')).toHaveText('Available');
      await expect(page.getByTestId('section-locked')).toHaveCount(0);
      await expect(page.getByTestId('section-lesson').first()).toBeVisible();
      await expect(page.getByText('This lesson opens when its section is released.')).toHaveCount(0);
      await saveScreenshot(page, testInfo, 'journey-section');

      // The owner was on the programme before the platform existed: the admin, in a browser of their own,
      // records when they agreed, so that last month is the first they report.
      const admin = await adminContext.newPage();
      await signInThroughApi(admin, ADMIN.email, ADMIN.password);
      await admin.goto('/revenue-admin');
      await expect(admin.getByRole('heading', { level: 1, name: 'Revenue Management' })).toBeVisible({
        timeout: 20_000,
      });
      await admin.getByRole('tab', { name: /^All Customers/ }).click();
      await ledgerRow(admin, 'customer-row', email).getByRole('button', { name: 'Agreement date' }).click();
      const agreement = admin.getByRole('dialog', { name: 'Agreement date' });
      await agreement.getByLabel('Agreement date').fill(agreedSoFirstMonthIs(1));
      await agreement.getByLabel('Reason').fill('Signed the paper agreement before the platform existed');
      await agreement.getByRole('button', { name: 'Save agreement date' }).click();
      await expect(toast(admin, 'Agreement Date Recorded')).toBeVisible({ timeout: 15_000 });
      await expect(ledgerRow(admin, 'customer-row', email).getByTestId('first-month')).toHaveText(
        `Reports from ${monthNameBack(1)}`,
      );

      // Last month's report, from the dashboard's revenue-share card, typed in dollars and cents:
      // $12,500.50 gross, $2,500.25 expenses, $10,000.25 net, a $1,000.03 share to the cent.
      await page.getByRole('link', { name: /Back to Dashboard/ }).click();
      await page
        .getByRole('region', { name: 'Revenue Share' })
        .getByRole('link', { name: 'Report revenue' })
        .click();
      await expect(page).toHaveURL(/\/revenue-report$/);
      const { start, end } = lastMonth();
      await page.getByLabel('Reporting period start').fill(start);
      await page.getByLabel('Reporting period end').fill(end);
      await page.getByLabel('Total gross revenue').pressSequentially('12500.50');
      await page.getByLabel('Total business expenses').pressSequentially('2500.25');
      await expect(page.getByLabel('Net revenue', { exact: true })).toHaveValue('10,000.25');
      await expect(page.getByTestId('calculated-share')).toHaveText('$1,000.03');
      await page.getByRole('button', { name: 'Submit Report' }).click();
      await expect(toast(page, 'Revenue Report Submitted')).toBeVisible({ timeout: 15_000 });
      const mine = page.getByTestId('report-row').filter({ visible: true });
      await expect(mine).toHaveCount(1);
      await expect(mine.getByTestId('report-status')).toHaveText('Submitted');
      await expect(mine.getByTestId('report-netRevenue')).toHaveText('$10,000.25');
      await expect(mine.getByTestId('report-shareOwed')).toHaveText('$1,000.03');

      // The admin verifies it on the ledger.
      await admin.reload();
      await expect(admin.getByRole('heading', { level: 1, name: 'Revenue Management' })).toBeVisible({
        timeout: 20_000,
      });
      const pending = ledgerRow(admin, 'report-row', email);
      await expect(pending).toContainText('$1,000.03');
      await pending.getByRole('button', { name: 'Verify' }).click();
      await expect(toast(admin, 'Report Verified')).toBeVisible();

      // The owner pays the verified share online, through the test provider's checkout.
      await page.reload();
      await expect(mine.getByTestId('report-status')).toHaveText('Verified');
      await payNowOnTestProvider(page, mine, '$1,000.03', 'pay');
      await expect(mine.getByTestId('report-status')).toHaveText('Paid', { timeout: 20_000 });
      await expect(mine.getByTestId('report-amountPaid')).toHaveText('$1,000.03');
      await expect(mine.getByRole('button', { name: /^Pay now/ })).toHaveCount(0);
      await saveScreenshot(page, testInfo, 'journey-revenue-report');
      await expectNoSeriousA11yViolations(page, testInfo, 'revenue-report, paid');

      // The admin sees it collected: gone from Unpaid Revenue, paid on the customer's row.
      await admin.reload();
      await admin.getByRole('tab', { name: /^Unpaid Revenue/ }).click();
      await expect(ledgerRow(admin, 'report-row', email)).toHaveCount(0);
      await admin.getByRole('tab', { name: /^All Customers/ }).click();
      const customer = ledgerRow(admin, 'customer-row', email);
      await expect(customer).toContainText('Current');
      await expect(customer).toContainText('$1,000.03');
      await admin.evaluate('window.scrollTo(0, 0)');
      await saveScreenshot(admin, testInfo, 'journey-revenue-admin');
      await expectNoSeriousA11yViolations(admin, testInfo, 'revenue-admin, collected');
    } finally {
      await closeContexts(adminContext, ownerContext);
    }
  },
);
