/**
 * An owner's press whose answer is lost on poor restaurant Wi-Fi after the server did the work
 * (`loseFirstAnswer`): the page must end up telling the truth, and pressing again must not do the work
 * twice nor show a confusing refusal. The monthly report (docs/behaviour/revenue-share.md#monthly-revenue-report),
 * the consent, 'Pay now' on a share, the checkout's purchase (docs/behaviour/checkout-and-payments.md) and
 * the account page's forms (docs/behaviour/accounts.md#account-page). Step 1 of the consultation is in
 * consultation-step-one-again.spec.ts.
 */
import { expect, test, request as playwrightRequest } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import {
  fillBilling,
  PASSWORD,
  signInAdminRequest,
  signInNewAccount,
  uniqueEmail,
} from '../helpers/accounts.js';
import { addConsultationToCart } from '../helpers/cart.js';
import { loseFirstAnswer } from '../helpers/held-requests.js';
import { picturesWanted } from '../helpers/page-checks.js';
import {
  agreedSoFirstMonthIs,
  joinRevenueShare,
  monthBack,
  recordAgreementDate,
  reportMonthThroughApi,
  verifyReportThroughApi,
} from '../helpers/revenue-share.js';
import { expectToast } from '../helpers/toasts.js';

/** A toast follows a server answer and, after a lost one, a second read: a loaded machine may be slow. */
const TOAST_WAIT = { timeout: 15_000 };

/** A picture of the page at 390 px, kept with the report, when pictures are wanted. */
async function phonePicture(page: Page, name: string): Promise<void> {
  if (!picturesWanted()) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const path = test.info().outputPath(`${name}-390px.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await test.info().attach(`${name} (390px)`, { path, contentType: 'image/png' });
  if (size) await page.setViewportSize(size);
}

/** An owner on the plan (baseline $2,000.00) whose first month to report was last month. */
async function becomeOwner(page: Page, label: string): Promise<void> {
  await signInNewAccount(page, 'pressed-again', label);
  await joinRevenueShare(page, 200_000);
  await recordAgreementDate(page.request, test.info().project.use.baseURL, agreedSoFirstMonthIs(1));
}

test.describe('the monthly report', () => {
  async function fillLastMonth(page: Page): Promise<void> {
    await page.goto('/revenue-report');
    const { start, end } = monthBack(1);
    await expect(page.getByLabel('Reporting period start')).toHaveValue(start);
    await expect(page.getByLabel('Reporting period end')).toHaveValue(end);
    await page.getByLabel('Total gross revenue').pressSequentially('12000');
    await page.getByLabel('Total business expenses').pressSequentially('2000');
    await expect(page.getByLabel('Net revenue', { exact: true })).toHaveValue('10,000.00');
  }

  async function expectSubmittedOnce(page: Page): Promise<void> {
    await expectToast(
      page,
      'Revenue Report Submitted',
      'Your report has been submitted. 10% share: $800.00',
      TOAST_WAIT,
    );
    await expect(page.getByLabel('Total gross revenue')).toHaveValue('');
    const rows = page.getByTestId('report-row').filter({ visible: true });
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId('report-shareOwed')).toHaveText('$800.00');
    const stored = await page.request.get('/api/revenue-reports');
    expect(((await stored.json()) as { reports: unknown[] }).reports).toHaveLength(1);
  }

  test('a report whose answer was lost shows as submitted, once', async ({ page }) => {
    await becomeOwner(page, 'report-lost');
    await fillLastMonth(page);
    await loseFirstAnswer(page, '**/api/revenue-report');
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await expectSubmittedOnce(page);
    await phonePicture(page, 'report-answer-lost');
  });

  test('pressed again after a lost answer the page could not check, the report shows as submitted, once', async ({
    page,
  }) => {
    await becomeOwner(page, 'report-again');
    await fillLastMonth(page);
    await loseFirstAnswer(page, '**/api/revenue-report');
    // The Wi-Fi is still down for the page's next read of the reports.
    await page.route('**/api/revenue-reports', (route) => route.abort('connectionreset'), { times: 1 });
    const submit = page.getByRole('button', { name: 'Submit Report' });
    await submit.click();
    await expectToast(page, 'Error', 'Failed to submit revenue report. Please try again.', TOAST_WAIT);
    // Nothing typed is lost, and the form is still there to press again.
    await expect(page.getByLabel('Total gross revenue')).toHaveValue('12,000.00');
    await submit.click();
    await expectSubmittedOnce(page);
    await expect(page.locator('#report-reportingPeriodStart-error')).toHaveCount(0);
  });

  test('a report that never reached the server keeps what was typed', async ({ page }) => {
    await becomeOwner(page, 'report-unsent');
    await fillLastMonth(page);
    await page.route('**/api/revenue-report', (route) => route.abort('connectionreset'), { times: 1 });
    await page.getByRole('button', { name: 'Submit Report' }).click();
    await expectToast(page, 'Error', 'Failed to submit revenue report. Please try again.', TOAST_WAIT);
    await expect(page.getByLabel('Total gross revenue')).toHaveValue('12,000.00');
    await expect(page.getByLabel('Total business expenses')).toHaveValue('2,000.00');
    await expect(page.getByTestId('no-reports')).toBeVisible();
    await phonePicture(page, 'report-not-sent');
  });
});

test.describe('the consent', () => {
  const BASELINE = 'Average monthly net revenue before the program (optional)';

  async function agreeAnswerLost(page: Page, label: string): Promise<void> {
    await signInNewAccount(page, 'pressed-again', label);
    await page.goto('/revenue-share-welcome');
    await page.getByLabel(BASELINE).fill('3000');
    await page.getByRole('checkbox').check();
    await loseFirstAnswer(page, '**/api/revenue-share-consent');
  }

  async function expectPlanBaseline(page: Page, cents: number): Promise<void> {
    const mine = await page.request.get('/api/revenue-reports');
    expect(((await mine.json()) as { plan: { baselineNetRevenue: number } }).plan.baselineNetRevenue).toBe(
      cents,
    );
  }

  test('a consent whose answer was lost welcomes the owner', async ({ page }) => {
    await agreeAnswerLost(page, 'consent-lost');
    await page.getByRole('button', { name: 'Start Free Implementation' }).click();
    await expectToast(page, 'Welcome to Revenue Share!', undefined, TOAST_WAIT);
    await page.waitForURL(/\/dashboard$/);
    await expectPlanBaseline(page, 300_000);
  });

  test('pressed again with another baseline after a lost answer, the owner is told the first one stands', async ({
    page,
  }) => {
    await agreeAnswerLost(page, 'consent-again');
    // The Wi-Fi is still down for the page's read of the plan.
    await page.route('**/api/revenue-reports', (route) => route.abort('connectionreset'), { times: 1 });
    const start = page.getByRole('button', { name: 'Start Free Implementation' });
    await start.click();
    await expectToast(page, 'Error', 'An error occurred. Please try again.', TOAST_WAIT);
    await page.getByLabel(BASELINE).fill('4000');
    await start.click();
    await expectToast(
      page,
      'Welcome to Revenue Share!',
      'You had already agreed, with a baseline of $3,000.00. It stays as agreed.',
      TOAST_WAIT,
    );
    await phonePicture(page, 'consent-baseline-kept');
    await page.waitForURL(/\/dashboard$/);
    await expectPlanBaseline(page, 300_000);
  });
});

test("'Pay now' pressed again after a lost answer opens the same payment page, paid once", async ({
  page,
  baseURL,
}) => {
  await becomeOwner(page, 'pay-now');
  const reportId = await reportMonthThroughApi(page.request, 1_000_000, 1);
  const admin = await signInAdminRequest(baseURL);
  await verifyReportThroughApi(admin, reportId);
  await admin.dispose();

  // The first answer is lost on the way back; the spec keeps the page it named.
  const lost = await loseFirstAnswer(page, '**/api/revenue-share-checkout');
  await page.goto('/revenue-report');
  const row = page.getByTestId('report-row').filter({ visible: true });
  await row.getByRole('button', { name: /^Pay now/ }).click();
  await expectToast(page, 'Error', undefined, TOAST_WAIT);
  const lostPage = (lost.body as { url: string }).url;
  expect(lostPage).toMatch(/^\/api\/test-checkout\//);
  await row.getByRole('button', { name: /^Pay now/ }).click();
  // The second press reopened the first checkout: the one page the owner can pay.
  await page.waitForURL((url) => url.pathname.startsWith('/api/test-checkout/'));
  expect(new URL(page.url()).pathname).toBe(lostPage);
  await page.getByRole('button', { name: 'Pay (test mode)' }).click();
  await expect(page.getByTestId('payment-outcome')).toContainText('Payment received');
});

/** A visitor at the checkout with the consultation in the cart and the form filled: its Pay button. */
async function atCheckout(page: Page, label: string): Promise<Locator> {
  await addConsultationToCart(page);
  await page.goto('/checkout');
  await fillBilling(page, uniqueEmail('pressed-again', label));
  return page.getByRole('button', { name: /Complete Secure Purchase/ });
}

test('the purchase pressed again after a lost answer goes to one payment page, paid once', async ({
  page,
}) => {
  const purchase = await atCheckout(page, 'checkout');
  // The first answer is lost on the way back; the spec keeps the page it named.
  const lost = await loseFirstAnswer(page, '**/api/create-checkout-session');
  await purchase.click();
  await expectToast(page, 'Payment Failed', undefined, TOAST_WAIT);
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('12 Harbour Street');
  const lostPage = (lost.body as { url: string }).url;
  expect(lostPage).toMatch(/^\/api\/test-checkout\//);
  await purchase.click();
  // The second press reopened the first checkout: no second order waits unpaid.
  await page.waitForURL((url) => url.pathname.startsWith('/api/test-checkout/'));
  expect(new URL(page.url()).pathname).toBe(lostPage);
  await page.getByRole('button', { name: 'Pay (test mode)' }).click();
  await page.waitForURL(/\/checkout-success\?session_id=/);
  await expectToast(page, 'Course Access Granted!', undefined, TOAST_WAIT);
});

test('a purchase whose request id the server holds for other values is paid under a new one', async ({
  page,
}) => {
  const purchase = await atCheckout(page, 'checkout-taken');
  // The first press reaches the server with other values under its id (as if a price had changed
  // meanwhile), and its answer is lost.
  let lostPage = '';
  await page.route(
    '**/api/create-checkout-session',
    async (route) => {
      const body = route.request().postDataJSON() as { billingInfo: { email: string } };
      const other = {
        ...body,
        billingInfo: { ...body.billingInfo, email: uniqueEmail('pressed-again', 'other') },
      };
      const answer = await route.fetch({ postData: JSON.stringify(other) });
      lostPage = ((await answer.json()) as { url: string }).url;
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  await purchase.click();
  await expectToast(page, 'Payment Failed', undefined, TOAST_WAIT);
  expect(lostPage).toMatch(/^\/api\/test-checkout\//);
  // Pressed again: refused as another checkout's id, the page pays under a new id at once.
  await purchase.click();
  await page.waitForURL((url) => url.pathname.startsWith('/api/test-checkout/'));
  expect(new URL(page.url()).pathname).not.toBe(lostPage);
  await page.getByRole('button', { name: 'Pay (test mode)' }).click();
  await page.waitForURL(/\/checkout-success\?session_id=/);
});

test.describe('the account page', () => {
  test('the name saved again after a lost answer is saved', async ({ page }) => {
    await signInNewAccount(page, 'pressed-again', 'name');
    await page.goto('/account');
    await page.getByLabel('First name').fill('Anabel');
    await loseFirstAnswer(page, '**/api/auth/account', 'PATCH');
    const save = page.getByRole('button', { name: 'Save name' });
    await save.click();
    await expect(page.getByRole('region', { name: 'Your name' }).getByRole('alert')).toBeVisible();
    await save.click();
    await expect(page.getByText('Your name has been saved.').first()).toBeVisible();
    expect((await (await page.request.get('/api/auth/user')).json()).firstName).toBe('Anabel');
  });

  test('the e-mail change sent again after a lost answer sends its link', async ({ page }) => {
    await signInNewAccount(page, 'pressed-again', 'email');
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Email address' });
    const newEmail = uniqueEmail('pressed-again', 'new-email');
    await section.getByLabel('New email address').fill(newEmail);
    await section.getByLabel('Current password').fill(PASSWORD);
    await loseFirstAnswer(page, '**/api/auth/change-email');
    const send = section.getByRole('button', { name: 'Send confirmation link' });
    await send.click();
    await expect(section.getByRole('alert')).toBeVisible();
    await send.click();
    await expect(section.getByTestId('email-link-sent')).toContainText(newEmail);
  });

  test('the password changed again after a lost answer says it was changed, and the new one signs in', async ({
    page,
    baseURL,
  }) => {
    const email = await signInNewAccount(page, 'pressed-again', 'password');
    const newPassword = 'Kitchen42+Open!';
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Password' });
    await section.getByLabel('Current password').fill(PASSWORD);
    await section.getByLabel('New password', { exact: true }).fill(newPassword);
    await section.getByLabel('Confirm new password').fill(newPassword);
    await loseFirstAnswer(page, '**/api/auth/change-password');
    const change = section.getByRole('button', { name: 'Change password' });
    await change.click();
    await expect(section.getByRole('alert')).toBeVisible();
    await phonePicture(page, 'password-answer-lost');
    await change.click();
    await expect(page.getByText('You were signed out everywhere else.').first()).toBeVisible();
    await expect(section.getByText('Your current password is incorrect')).toHaveCount(0);
    await expect(section.getByLabel('Current password')).toHaveValue('');
    await phonePicture(page, 'password-changed-again');

    const elsewhere = await playwrightRequest.newContext({ baseURL });
    const signIn = await elsewhere.post('/api/auth/login', { data: { email, password: newPassword } });
    expect(signIn.status(), await signIn.text()).toBe(200);
    await elsewhere.dispose();
  });
});
