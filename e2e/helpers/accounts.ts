/** Accounts for browser specs: unique addresses, sign-up through the API, sign-in through the page. */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, ConsoleMessage, Page, Response } from '@playwright/test';
import { findSetupPasswordPath, hasSetupPasswordLink, waitForMail } from './mail-peer.js';

/** Meets every password rule of the sign-up checklist. */
export const PASSWORD = 'Tables35+Full!';

/** The support admin the site under test starts with (playwright.config.ts sets ADMIN_EMAIL/ADMIN_PASSWORD). */
export const ADMIN = { email: 'support@example.com', password: 'Support+Admin+2026!' } as const;

/** An address no other run has used, e.g. `buyer+guest-1a2b3c4d@example.com`. */
export function uniqueEmail(prefix: string, label: string): string {
  return `${prefix}+${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Creates an account (Ana Silva) straight through the API, in a request context apart from the page. */
export async function createAccount(request: APIRequestContext, email: string): Promise<void> {
  const response = await request.post('/api/auth/signup', {
    data: { firstName: 'Ana', lastName: 'Silva', email, password: PASSWORD },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs in on /login and waits for the redirect that follows (the admin lands on /admin). */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/(dashboard|pricing|revenue-share-welcome|admin)$/);
}

/** The billing form of /checkout, filled in for Maria Lopez with the given address. */
export const BILLING = {
  'First name': 'Maria',
  'Last name': 'Lopez',
  'Email address': '',
  Address: '12 Harbour Street',
  City: 'Portland',
  State: 'OR',
  'ZIP code': '97201',
} as const;

/** Fills the billing form of /checkout with BILLING and the given e-mail address. */
export async function fillBilling(page: Page, email: string): Promise<void> {
  for (const [label, value] of Object.entries(BILLING)) {
    await page.getByLabel(label, { exact: true }).fill(label === 'Email address' ? email : value);
  }
}

/**
 * Presses 'Complete Secure Purchase' and waits for the test provider's page. Once in a few hundred runs
 * the press led nowhere (no request, no message, the button not busy), so a press that has not left the
 * page after 20 s is repeated, as a buyer would, and what the page said meanwhile (failed API answers,
 * console errors) is printed and kept on the test, so the next occurrence names its cause.
 */
async function submitCheckout(page: Page): Promise<void> {
  const seen: string[] = [];
  const onResponse = (response: Response) => {
    if (response.url().includes('/api/') && response.status() >= 400)
      seen.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  };
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') seen.push(`console ${message.text()}`);
  };
  page.on('response', onResponse);
  page.on('console', onConsole);
  const left = (url: URL) => url.pathname.startsWith('/api/test-checkout/');
  try {
    for (let press = 1; ; press += 1) {
      await page.getByRole('button', { name: /Complete Secure Purchase/ }).click({ timeout: 30_000 });
      try {
        await page.waitForURL(left, { timeout: 20_000 });
        return;
      } catch (error) {
        if (press === 3) throw error;
        const note = `checkout press ${press} left nowhere; the page said: ${seen.join(' | ') || 'nothing'}`;
        console.warn(note);
        test.info().annotations.push({ type: 'checkout-retry', description: note });
        if (left(new URL(page.url()))) return;
      }
    }
  } finally {
    page.off('response', onResponse);
    page.off('console', onConsole);
  }
}

/**
 * Makes `email` a member who owns the course, as a real buyer does: a guest purchase of the course with the
 * built-in test provider, the set-password e-mail, sign-in. Waits until the enrolment and the membership
 * have reached the services (they travel as events). Returns the password it set; the page is signed in.
 */
export async function becomeCourseMember(page: Page, email: string): Promise<string> {
  await page.goto('/checkout?course=1');
  await fillBilling(page, email);
  await submitCheckout(page);
  await page.getByRole('button', { name: 'Pay (test mode)' }).click();
  await page.waitForURL(/\/checkout-success\?session_id=/);

  const mail = await waitForMail(email, { where: hasSetupPasswordLink, timeoutMs: 30_000 });
  await page.goto(findSetupPasswordPath(mail));
  const password = 'Twelve+Chars!Now';
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await page.waitForURL(/\/login$/);
  await logIn(page, email, password);
  await expect
    .poll(
      async () => {
        const enrolments = await page.request.get('/api/enrollments');
        const user = await page.request.get('/api/auth/user');
        if (!enrolments.ok() || !user.ok()) return false;
        const list = (await enrolments.json()) as unknown[];
        return list.length > 0 && ((await user.json()) as { isMember?: boolean }).isMember === true;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return password;
}

/**
 * Creates an account whose address is proven, as an owner's is once they used an e-mailed link: sign-up,
 * 'forgot password', the link from the e-mail, a new password, sign-in. Only a proven address makes an
 * account the owner of consultations sent under it. Returns the password; the page is signed in.
 */
export async function createProvenAccount(page: Page, email: string): Promise<string> {
  await createAccount(page.request, email);
  const asked = await page.request.post('/api/auth/forgot-password', { data: { email } });
  expect(asked.ok(), await asked.text()).toBe(true);
  const mail = await waitForMail(email, { where: hasSetupPasswordLink, timeoutMs: 30_000 });
  await page.goto(findSetupPasswordPath(mail));
  const password = 'Proven+Owner!2026';
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await page.waitForURL(/\/login$/);
  await logIn(page, email, password);
  return password;
}
