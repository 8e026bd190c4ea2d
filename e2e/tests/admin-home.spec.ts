/**
 * The admin home at /admin and the mail log at /admin/mail (docs/behaviour/admin.md#admin-home,
 * docs/behaviour/admin.md#mail-log): the admin lands on /admin after signing in, sees one card per admin
 * page with its figure, follows the mail log card and finds the set-password e-mail of an account this
 * test made, with its link clickable. The course studio's card counts the course's lessons, sections and
 * drafts. The header's 'Admin' link is the admin's only; anyone else gets 'Access Denied' on /admin, a
 * visitor 'Unauthorized'. The layout at 1280 px and, in the @phone project, 390 px (cards, the menu's
 * 'Admin' link, nothing wider than the screen), with axe on both.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN, PASSWORD, createAccount, logIn, uniqueEmail } from '../helpers/accounts.js';
import { completeRequest, startRequest } from '../helpers/consultation.js';
import { findSetupPasswordPath, hasSetupPasswordLink, waitForMail } from '../helpers/mail-peer.js';
import { expectNoSeriousA11yViolations, saveScreenshot } from '../helpers/page-checks.js';
import { expectToast } from '../helpers/toasts.js';

/** Admin toasts follow a server answer and may stand twice: the first, within 15 s. */
const TOAST_WAIT = { timeout: 15_000, first: true };

const SET_PASSWORD_SUBJECT = 'Set your password for Restaurant Consultant';

/** A fresh account that asked for a password reset; resolves once the e-mail reached the SMTP peer. */
async function accountWithResetMail(request: APIRequestContext, label: string) {
  const email = uniqueEmail('admin-home', label);
  await createAccount(request, email);
  const asked = await request.post('/api/auth/forgot-password', { data: { email } });
  expect(asked.ok(), await asked.text()).toBe(true);
  const mail = await waitForMail(email, { where: hasSetupPasswordLink, timeoutMs: 30_000 });
  return { email, setPasswordPath: findSetupPasswordPath(mail) };
}

/** A consultation request left pending, so the consultations card has at least one to count. */
async function sendPendingRequest(request: APIRequestContext): Promise<void> {
  const businessName = `Admin Home Bistro ${randomUUID().slice(0, 6)}`;
  const email = uniqueEmail('admin-home', 'owner');
  const started = await startRequest(request, {
    email,
    businessName,
    ownerName: 'Ana Lopez',
    location: 'Denver, CO',
  });
  await completeRequest(request, started);
}

function card(page: Page, id: string): Locator {
  return page.getByTestId(`admin-card-${id}`);
}

/** The mail log's set-password e-mail to `email`: the table row on a desktop, the card on a phone. */
function mailEntry(page: Page, email: string, phone: boolean): Locator {
  return page
    .getByTestId(phone ? 'mail-card' : 'mail-row')
    .filter({ hasText: email })
    .filter({ hasText: SET_PASSWORD_SUBJECT });
}

test('the admin lands on /admin, sees the cards and reads a fresh account’s e-mail in the mail log', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const visitor = await playwright.request.newContext({ baseURL });
  await sendPendingRequest(visitor);
  const account = await accountWithResetMail(visitor, 'reset');
  await visitor.dispose();

  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await expect(page).toHaveTitle('Admin | Restaurant Consultant');

  // The header's 'Admin' link, current on its page.
  const headerLink = page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', {
    name: 'Admin',
  });
  await expect(headerLink).toHaveAttribute('aria-current', 'page');

  // The eight cards, each a link to its page, with their figures.
  const links = page.getByRole('list', { name: 'Admin pages' }).getByRole('heading', { level: 2 });
  await expect(links).toHaveText([
    'Consultations',
    'Revenue ledger',
    'Course studio',
    'Learners',
    'Customers',
    'Lesson questions',
    'Mail log',
    'Coupons',
  ]);
  for (const [id, name, href] of [
    ['consultations', 'Consultations', '/private-admin-panel-support-only'],
    ['revenue', 'Revenue ledger', '/revenue-admin'],
    ['courses', 'Course studio', '/admin/courses'],
    ['learners', 'Learners', '/admin/learners'],
    ['customers', 'Customers', '/admin/customers'],
    ['questions', 'Lesson questions', '/admin/questions'],
    ['mail', 'Mail log', '/admin/mail'],
    ['coupons', 'Coupons', '/admin/coupons'],
  ] as const) {
    await expect(card(page, id).getByRole('link', { name })).toHaveAttribute('href', href);
  }
  const pending = card(page, 'consultations').getByTestId('figure');
  await expect(pending).toContainText(/consultation requests? pending/);
  expect(Number((await pending.locator('span').first().textContent()) ?? 'NaN')).toBeGreaterThanOrEqual(1);
  await expect(card(page, 'revenue').getByTestId('figure')).toHaveText(
    /^\$[\d,]+\.\d{2}revenue share outstanding$/,
  );
  await expect(card(page, 'mail').getByTestId('figure')).toHaveText(
    /^\d+failed among the \d+ newest e-mails?$/,
  );
  await expect(card(page, 'coupons').getByTestId('figure')).toHaveText(/^\d+coupons? active$/);
  await expect(card(page, 'learners').getByTestId('figure')).toHaveText(/^\d+learners? enrolled$/);
  await expect(card(page, 'customers').getByTestId('figure')).toHaveText(/^\d+\+?customers?$/);
  await expect(card(page, 'questions').getByTestId('figure')).toHaveText(
    /^\d+questions? waiting for an answer$/,
  );
  // The studio's course: its lessons (the seeded 45 and whatever other tests added), sections and drafts.
  const outline = card(page, 'courses').getByTestId('figure');
  await expect(outline).toHaveText(/^\d+lessons? in \d+ sections?, (no drafts|\d+ drafts?)$/);
  expect(Number((await outline.locator('span').first().textContent()) ?? 'NaN')).toBeGreaterThanOrEqual(1);
  await expect(card(page, 'courses').getByText('Not built yet')).toHaveCount(0);

  // Follow the mail log card with the keyboard.
  await card(page, 'mail').getByRole('link', { name: 'Mail log' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/mail$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mail Log' })).toBeVisible();

  const entry = mailEntry(page, account.email, false);
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(SET_PASSWORD_SUBJECT);
  await expect(entry.getByTestId('mail-status')).toHaveText('Sent');
  await expect(entry.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

  const toggle = entry.getByRole('button', { name: /^Show text/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(entry.getByRole('button', { name: /^Hide text/ })).toHaveAttribute('aria-expanded', 'true');
  const body = page.getByTestId('mail-body').filter({ hasText: account.email }).filter({ visible: true });
  await expect(body).toBeVisible();
  await expect(body).toContainText('Choose a password for your Restaurant Consultant account');
  const link = body.getByRole('link', { name: /\/setup-password\?token=/ });
  await expect(link).toHaveCount(1);
  const href = new URL((await link.getAttribute('href')) ?? '');
  expect(`${href.pathname}${href.search}`).toBe(account.setPasswordPath);
  // The body is text: no markup from the HTML version made it in.
  await expect(body.locator('pre').locator('table, img, style')).toHaveCount(0);

  await expectNoSeriousA11yViolations(page, testInfo, 'mail log with a body open');
});

test('anyone but the admin gets Access Denied on /admin and no header link; a visitor goes to log in', async ({
  page,
}) => {
  const email = uniqueEmail('admin-home', 'user');
  await createAccount(page.request, email);
  await logIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'My Dashboard' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);

  await page.goto('/admin');
  await expectToast(page, 'Access Denied', 'This page is for the support admin only.', TOAST_WAIT);
  await expect(page.getByTestId('admin-card-mail')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
  expect((await page.request.get('/api/admin/mail')).status()).toBe(403);

  await page.goto('/admin/mail');
  await expectToast(page, 'Access Denied', undefined, TOAST_WAIT);
  await expect(page.getByTestId('mail-row')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });

  await page.context().clearCookies();
  await page.goto('/admin');
  await expectToast(
    page,
    'Unauthorized',
    'You are logged out. Please log in as the support admin.',
    TOAST_WAIT,
  );
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
});

test(
  'the layout on a desktop and a phone: the cards, the mail log as a table or cards',
  { tag: '@phone' },
  async ({ page, playwright, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const visitor = await playwright.request.newContext({ baseURL });
    const account = await accountWithResetMail(visitor, 'layout');
    await visitor.dispose();
    const phone = (page.viewportSize()?.width ?? 1280) < 768;

    await logIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    // The admin remote's code may still be on its way on a loaded machine.
    await expect(card(page, 'mail').getByTestId('figure')).toBeVisible({ timeout: 15_000 });
    await expect(card(page, 'revenue').getByTestId('figure')).toBeVisible();
    await expect(card(page, 'consultations').getByTestId('figure')).toBeVisible();
    await expect(card(page, 'courses').getByTestId('figure')).toBeVisible();

    // Two columns on a desktop; one above the other on a phone.
    const first = await card(page, 'consultations').boundingBox();
    const second = await card(page, 'revenue').boundingBox();
    expect(first && second).toBeTruthy();
    if (phone) expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    else expect(Math.abs(second!.y - first!.y)).toBeLessThan(1);
    expect(
      await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'),
    ).toBeLessThanOrEqual(0);

    // The header's 'Admin' link: in the bar on a desktop, in the menu on a phone.
    if (phone) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menuLink = page
        .getByRole('navigation', { name: 'Main (mobile)' })
        .getByRole('link', { name: 'Admin' });
      await expect(menuLink).toBeVisible();
      await page.keyboard.press('Escape');
    } else {
      await expect(
        page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Admin' }),
      ).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page, testInfo, 'admin home');
    await saveScreenshot(page, testInfo, 'admin-home');

    await page.goto('/admin/mail');
    const entry = mailEntry(page, account.email, phone);
    await expect(entry).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId(phone ? 'mail-row' : 'mail-card').first()).toBeHidden();
    await entry.getByRole('button', { name: /^Show text/ }).click();
    await expect(entry.getByRole('button', { name: /^Hide text/ })).toBeVisible();
    const body = page.getByTestId('mail-body').filter({ hasText: account.email }).filter({ visible: true });
    await expect(body.getByRole('link', { name: /\/setup-password\?token=/ })).toBeVisible();
    expect(
      await page.evaluate('document.documentElement.scrollWidth - window.innerWidth'),
    ).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, testInfo, 'mail log');
    await saveScreenshot(page, testInfo, 'mail-log');
  },
);
