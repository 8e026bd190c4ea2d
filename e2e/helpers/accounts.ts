/** Accounts for browser specs: unique addresses, sign-up through the API, sign-in through the page. */
import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
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

/** Fills the /signup form: the name, the address and the password typed twice. */
export async function fillSignUp(
  page: Page,
  { first, last, email, password }: { first: string; last: string; email: string; password: string },
): Promise<void> {
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
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

/**
 * Fills the billing form of /checkout with BILLING and the given e-mail address, once the page has read its
 * payment providers: their answer adds the test-mode notice above the form (the e2e site always runs the
 * test provider), which moves the Pay button, and a click in that moment lands beside it. A spec that
 * holds the providers' answer on purpose passes `providersHeld`.
 */
export async function fillBilling(
  page: Page,
  email: string,
  { providersHeld = false }: { providersHeld?: boolean } = {},
): Promise<void> {
  for (const [label, value] of Object.entries(BILLING)) {
    await page.getByLabel(label, { exact: true }).fill(label === 'Email address' ? email : value);
  }
  if (!providersHeld) await expect(page.getByTestId('test-mode-notice')).toBeVisible();
}

/** The course's product id (packages/contracts: COURSE_PRODUCT_ID), as `/checkout?course=1` buys it. */
const COURSE_PRODUCT_ID = 'restaurant-management-course';

/** The set-password e-mail's token (the `token` of its link), as the set-password page reads it. */
function setupTokenOf(path: string): string {
  const token = new URL(path, 'http://localhost').searchParams.get('token');
  if (!token) throw new Error(`No token in the set-password link ${path}`);
  return token;
}

/**
 * Signs the page in through the API the login form calls (`POST /api/auth/login`): the session cookie lands
 * in the page's context. For set-up; the form itself is tested by accounts.spec.ts.
 */
export async function signInThroughApi(page: Page, email: string, password: string): Promise<void> {
  await signInRequest(page.request, email, password);
}

/** Signs a request context in through `POST /api/auth/login`: its later calls are the account's. */
export async function signInRequest(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  const answer = await request.post('/api/auth/login', { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/**
 * A page in a browser context of its own (close it with `closeContexts(page.context())`), signed in as the
 * support admin: the admin's side of a test whose `page` is a customer's.
 */
export async function signInAdminPage(
  browser: Browser,
  viewport: { width: number; height: number } | null = null,
): Promise<Page> {
  const context = await browser.newContext({ viewport: viewport ?? { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInThroughApi(page, ADMIN.email, ADMIN.password);
  return page;
}

/** A request context of its own (the caller disposes of it), signed in as the support admin. */
export async function signInAdminRequest(baseURL: string | undefined): Promise<APIRequestContext> {
  const admin = await playwrightRequest.newContext({ baseURL });
  await signInRequest(admin, ADMIN.email, ADMIN.password);
  return admin;
}

/** Creates an account for `email` (`createAccount`, password `PASSWORD`) and signs `request` in as it. */
export async function createSignedInAccount(request: APIRequestContext, email: string): Promise<void> {
  await createAccount(request, email);
  await signInRequest(request, email, PASSWORD);
}

/** A new account (`uniqueEmail(prefix, label)`, password `PASSWORD`), signed in on the page; its address. */
export async function signInNewAccount(page: Page, prefix: string, label: string): Promise<string> {
  const email = uniqueEmail(prefix, label);
  await createSignedInAccount(page.request, email);
  return email;
}

/** The signed-in account as `GET /api/auth/user` answers it, as far as set-ups wait on it. */
export type SignedInUser = { isMember?: boolean; planStatus?: string | null };

/**
 * Waits (up to 15 s) until the account signed in on the page has an enrolment and its user passes `ready`:
 * a purchase or a plan reaches auth and the course service as events, a moment after the call that made it.
 */
export async function waitForEnrolment(page: Page, ready: (user: SignedInUser) => boolean): Promise<void> {
  await expect
    .poll(
      async () => {
        const user = await page.request.get('/api/auth/user');
        const enrolments = await page.request.get('/api/enrollments');
        if (!user.ok() || !enrolments.ok()) return false;
        const list = (await enrolments.json()) as unknown[];
        return list.length > 0 && ready((await user.json()) as SignedInUser);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Sets a password with the token of a set-password e-mail, through the API the set-password page calls. */
export async function setPasswordThroughApi(page: Page, email: string, password: string): Promise<void> {
  const mail = await waitForMail(email, { where: hasSetupPasswordLink, timeoutMs: 30_000 });
  const answer = await page.request.post('/api/auth/setup-password', {
    data: { token: setupTokenOf(findSetupPasswordPath(mail)), password, confirmPassword: password },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/**
 * Makes `email` a member who owns the course, through the calls a real buyer's browser makes: a guest
 * purchase of the course (`/api/create-checkout-session`), payment on the built-in test provider's page
 * (its signed webhook reaches the payment service), the confirmation page's `/api/grant-course-access`,
 * the set-password e-mail and its token, sign-in. Waits until the enrolment and the membership have reached
 * the services (they travel as events). Returns the password it set; the page's context is signed in and
 * the page has not navigated. The same purchase through the pages is checkout.spec.ts's 'guest purchase'.
 */
export async function becomeCourseMember(page: Page, email: string): Promise<string> {
  const billingInfo = {
    firstName: BILLING['First name'],
    lastName: BILLING['Last name'],
    email,
    address: BILLING.Address,
    city: BILLING.City,
    state: BILLING.State,
    zip: BILLING['ZIP code'],
    country: 'US',
  };
  const created = await page.request.post('/api/create-checkout-session', {
    data: {
      items: [{ id: COURSE_PRODUCT_ID, quantity: 1 }],
      customer_email: email,
      customer_name: `${billingInfo.firstName} ${billingInfo.lastName}`,
      billingInfo,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const session = (await created.json()) as { sessionId: string; url: string };
  const paid = await page.request.post(`${new URL(session.url, 'http://localhost').pathname}/pay`, {
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  expect(paid.headers().location).toMatch(/\/checkout-success\?session_id=/);
  const granted = await page.request.post('/api/grant-course-access', {
    data: { session_id: session.sessionId, customer_email: email },
  });
  expect(granted.ok(), await granted.text()).toBe(true);

  const password = 'Twelve+Chars!Now';
  await setPasswordThroughApi(page, email, password);
  await signInThroughApi(page, email, password);
  await waitForEnrolment(page, (user) => user.isMember === true);
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
  const password = 'Proven+Owner!2026';
  await setPasswordThroughApi(page, email, password);
  await signInThroughApi(page, email, password);
  return password;
}
