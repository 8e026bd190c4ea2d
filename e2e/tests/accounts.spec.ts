/**
 * Accounts (docs/behaviour/accounts.md; docs/decisions.md, 12): sign-up, login, logout, the
 * forgot-password e-mail through the SMTP peer, password setup; axe and screenshots of the three pages.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ADMIN, fillSignUp, signInThroughApi } from '../helpers/accounts.js';
import {
  findSetupPasswordPath,
  hasSetupPasswordLink,
  isMailPeerRunning,
  waitForMail,
} from '../helpers/mail-peer.js';
import { expectNoSeriousA11yViolations, saveScreenshot } from '../helpers/page-checks.js';
import { expectToast, toastRegion } from '../helpers/toasts.js';

const PASSWORD = 'Tables35+Full!';

function uniqueEmail(label: string): string {
  return `owner+${label}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Creates an account straight through the API, in a request context separate from the page. */
async function createAccount(request: APIRequestContext, email: string, password = PASSWORD) {
  const response = await request.post('/api/auth/signup', {
    data: { firstName: 'Maria', lastName: 'Lopez', email, password },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The header's account button ('My Dashboard' or 'Login'); below 768 px it lives in the menu. */
async function expectHeaderAccount(page: Page, name: 'My Dashboard' | 'Login') {
  const header = page.locator('header[data-scrolled]');
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  if (await openMenu.isVisible()) await openMenu.click();
  await expect(header.getByRole('link', { name, exact: true }).last()).toBeVisible();
  const closeMenu = page.getByRole('button', { name: 'Close menu' });
  if (await closeMenu.isVisible()) await closeMenu.click();
}

function toast(page: Page, title: string): Locator {
  return toastRegion(page).getByText(title, { exact: true });
}

/**
 * On a phone a toast leaves the header's menu button free (docs/decisions.md, 59): nothing of the toast's
 * region lies over the button's middle, where a tap lands.
 */
async function expectMenuButtonClearOfToast(page: Page, title: string) {
  if ((page.viewportSize()?.width ?? 0) >= 640) return;
  await expect(toast(page, title)).toBeVisible();
  const topmost = await page.getByRole('button', { name: 'Open menu' }).evaluate((button) => {
    const box = button.getBoundingClientRect();
    const found = button.ownerDocument.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return found && button.contains(found)
      ? 'the menu button'
      : (found?.outerHTML.slice(0, 120) ?? 'nothing');
  });
  expect(topmost).toBe('the menu button');
}

async function logOut(page: Page) {
  await page.goto('/api/logout');
  await expect(page).toHaveURL(/\/$/);
  await expectHeaderAccount(page, 'Login');
}

/** Logs out as a person does: the member page's 'Log out' button, or the header's (in the menu on a phone). */
async function logOutWithButton(page: Page, where: 'member page' | 'header') {
  if (where === 'member page') {
    await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
  } else {
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    if (await openMenu.isVisible()) await openMenu.click();
    await page.locator('header[data-scrolled]').getByRole('button', { name: 'Log out' }).click();
  }
  await expectToast(page, 'Logged out successfully');
  await expect(page).toHaveURL(/\/$/);
  await expectHeaderAccount(page, 'Login');
  // The server ended the session: the auth call answers 401 now.
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** An input's error message, found through its `aria-describedby` (so the link is checked too). */
async function expectFieldError(page: Page, field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
  expect(errorId, `aria-describedby of the field: "${describedBy}"`).toBeTruthy();
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText(message);
}

async function checklistState(page: Page): Promise<Record<string, boolean>> {
  const items = page.getByTestId('password-checklist').getByRole('listitem');
  const state: Record<string, boolean> = {};
  for (const item of await items.all()) {
    const label = ((await item.textContent()) ?? '').split(':')[0]?.trim() ?? '';
    state[label] = (await item.getAttribute('data-met')) === 'true';
  }
  return state;
}

test.describe('sign-up, login and logout', () => {
  test(
    'sign up, land on the dashboard signed in, log out, then log back in',
    { tag: '@phone' },
    async ({ page }) => {
      const email = uniqueEmail('signup');
      await page.goto('/signup');
      await expect(page).toHaveTitle(/Create Your Account/);
      await expect(page.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

      await fillSignUp(page, { first: 'Maria', last: 'Lopez', email, password: PASSWORD });
      expect(await checklistState(page)).toEqual({
        'At least 8 characters': true,
        'At least one uppercase letter': true,
        'At least one symbol': true,
        'Passwords match': true,
      });
      await page.getByRole('button', { name: 'Create Account' }).click();

      await expectToast(
        page,
        'Account Created Successfully',
        'Welcome! Redirecting to complete your plan selection...',
      );
      await expectMenuButtonClearOfToast(page, 'Account Created Successfully');
      await page.waitForURL(/\/dashboard$/);
      await expectHeaderAccount(page, 'My Dashboard');

      await logOutWithButton(page, 'member page');

      await logIn(page, email, PASSWORD);
      await expectToast(page, 'Login Successful', 'Welcome back! Redirecting...');
      await page.waitForURL(/\/dashboard$/);
      await expectHeaderAccount(page, 'My Dashboard');

      await logOutWithButton(page, 'header');
    },
  );

  test('the sign-up toast stays on the page for 1 s before the redirect', async ({ page }) => {
    await page.goto('/signup');
    await fillSignUp(page, {
      first: 'Maria',
      last: 'Lopez',
      email: uniqueEmail('signup-delay'),
      password: PASSWORD,
    });
    // The page's clock is ours to move, so the second is checked without timing anything (an installed
    // clock keeps running until paused; paused, only runFor moves it).
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 1_000));
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(
      page,
      'Account Created Successfully',
      'Welcome! Redirecting to complete your plan selection...',
    );
    await page.clock.runFor(900);
    await expect(page).toHaveURL(/\/signup$/);
    await page.clock.runFor(200);
    await page.waitForURL(/\/dashboard$/);
  });

  test('a pending plan decides where login goes, and is cleared', async ({ page, request }) => {
    const email = uniqueEmail('plan');
    await createAccount(request, email);
    await page.goto('/login');
    await page.evaluate("localStorage.setItem('pending_plan_selection', 'revenue_share')");
    await logIn(page, email, PASSWORD);
    await page.waitForURL(/\/revenue-share-welcome$/);
    expect(await page.evaluate("localStorage.getItem('pending_plan_selection')")).toBeNull();
    // The welcome page reads the owner's plan as it opens. Logging out while that read is on its way makes
    // it answer 'signed out', and the page keeps the plan for after the next sign-in, as it does for any
    // visitor who is not signed in: wait until it has read the plan (no plan yet: the consent form).
    await expect(page.getByTestId('consent-form')).toBeVisible();

    await logOut(page);
    await page.evaluate("localStorage.setItem('pending_plan_from_login', 'self_implementation')");
    await logIn(page, email, PASSWORD);
    await page.waitForURL(/\/pricing$/);
    expect(await page.evaluate("localStorage.getItem('pending_plan_from_login')")).toBeNull();
  });

  test('logging out while the dashboard is still being drawn goes home, not to /login', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('slow-dashboard');
    await createAccount(request, email);
    const cdp = await page.context().newCDPSession(page);
    // A slow phone: once logged in, the address says /dashboard at once, and the dashboard may still be
    // being drawn when the owner taps 'Log out' in the header. It is then drawn signed out, for an address
    // already left behind, and must send nobody to /login. The timing is the CPU's, so three rounds.
    for (let round = 1; round <= 3; round += 1) {
      await logIn(page, email, PASSWORD);
      await page.waitForURL(/\/dashboard$/);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
      await page.locator('header[data-scrolled]').getByRole('button', { name: 'Log out' }).click();
      await expectToast(page, 'Logged out successfully');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      // Home is drawn, and stays: nothing sends the page on to /login afterwards.
      await expect(page.getByRole('heading', { level: 1 })).toContainText("Why Customers Don't Come Back");
      await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
      await expect(page, `round ${round}`).toHaveURL(/\/$/);
    }
    await expectHeaderAccount(page, 'Login');
  });

  test('logging out on a member or admin page shows only that, and goes home', async ({ page, request }) => {
    const email = uniqueEmail('logout-pages');
    await createAccount(request, email);
    const pages = [
      ...['/orders', '/my-consultations', '/account', '/dashboard'].map((path) => ({
        path,
        email,
        password: PASSWORD,
      })),
      { path: '/admin', ...ADMIN },
    ];
    for (const { path, email: who, password } of pages) {
      await signInThroughApi(page, who, password);
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await logOutWithButton(page, 'header');
      // Logging out is not an expired session nor a refused visitor: the toast says only that.
      await expect(
        toastRegion(page).getByText(/Login Required|Session Expired|Unauthorized/),
        path,
      ).toHaveCount(0);
    }
  });

  test('a wrong password shows the server message in an alert', async ({ page, request }) => {
    const email = uniqueEmail('wrong');
    await createAccount(request, email);
    await logIn(page, email, 'Not-the-password1!');
    const alert = page.getByTestId('form-alert');
    await expect(alert).toHaveText('Invalid email or password');
    await expect(alert).toHaveAttribute('role', 'alert');
    // The disabled submit button lost focus: the alert takes it.
    await expect(alert).toBeFocused();
    await expect(page).toHaveURL(/\/login$/);
    await expectHeaderAccount(page, 'Login');
  });

  test('a refused (429) or failed login shows its message', async ({ page }) => {
    let answer: 'limited' | 'down' | 'empty' = 'limited';
    await page.route('**/api/auth/login', (route) => {
      if (answer === 'down') return route.abort('connectionrefused');
      if (answer === 'empty') return route.fulfill({ status: 401, body: '' });
      return route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
        }),
      });
    });
    await logIn(page, uniqueEmail('limited'), 'whatever');
    const alert = page.getByTestId('form-alert');
    await expect(alert).toHaveText('Too many failed sign-in attempts. Please wait 15 minutes and try again.');

    answer = 'empty';
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(alert).toHaveText('Login failed. Please try again.');

    answer = 'down';
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(alert).toHaveText('An error occurred during login. Please try again.');
  });

  test('signing up with an address already in use shows the server message', async ({ page, request }) => {
    const email = uniqueEmail('taken');
    await createAccount(request, email);
    await page.goto('/signup');
    await fillSignUp(page, { first: 'Maria', last: 'Lopez', email, password: PASSWORD });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByTestId('form-alert')).toHaveText('An account with this email already exists');
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe('validation', () => {
  test('login: empty fields give the spec messages, linked to their fields', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle(/Log In/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    await page.getByRole('button', { name: 'Log In' }).click();
    const email = page.getByLabel('Email');
    await expectFieldError(page, email, 'Please enter a valid email address');
    await expectFieldError(page, page.getByLabel('Password', { exact: true }), 'Password is required');
    await expect(email).toBeFocused();

    await email.fill('not-an-email');
    await expectFieldError(page, email, 'Please enter a valid email address');
    await email.fill('owner@example.com');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('login: the show/hide toggle reveals the password', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    const toggle = page.getByRole('button', { name: 'Show password' });
    await password.fill('Secret!23');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('sign-up: the spec messages word for word, and the live checklist', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm password', { exact: true });
    await expectFieldError(page, page.getByLabel('First name'), 'First name is required');
    await expectFieldError(page, page.getByLabel('Last name'), 'Last name is required');
    await expectFieldError(page, page.getByLabel('Email'), 'Please enter a valid email address');
    await expectFieldError(page, password, 'Password must be at least 8 characters');
    await expect(page.getByLabel('First name')).toBeFocused();
    expect(Object.values(await checklistState(page))).toEqual([false, false, false, false]);

    await password.fill('short');
    await expectFieldError(page, password, 'Password must be at least 8 characters');
    await password.fill('abcdefgh');
    await expectFieldError(page, password, 'Password must contain at least one uppercase letter');
    expect(await checklistState(page)).toMatchObject({
      'At least 8 characters': true,
      'At least one uppercase letter': false,
    });
    await password.fill('Abcdefgh');
    await expectFieldError(page, password, 'Password must contain at least one symbol');
    await password.fill('Abcdefg!');
    await expect(password).not.toHaveAttribute('aria-invalid', 'true');
    // The checklist is also part of the field's description.
    await expect(password).toHaveAttribute('aria-describedby', /signup-password-checklist/);

    await confirm.fill('Abcdefg?');
    await expectFieldError(page, confirm, "Passwords don't match");
    expect((await checklistState(page))['Passwords match']).toBe(false);
    // Screen readers hear whether each item is met.
    await expect(
      page.getByTestId('password-checklist').getByRole('listitem').filter({ hasText: 'Passwords match' }),
    ).toContainText('not met');
    await confirm.fill('Abcdefg!');
    await expect(confirm).not.toHaveAttribute('aria-invalid', 'true');
    expect(Object.values(await checklistState(page))).toEqual([true, true, true, true]);

    // Fixing the password later re-checks the confirmation.
    await password.fill('Abcdefg!!');
    await expectFieldError(page, confirm, "Passwords don't match");
  });
});

test.describe('forgot password and password setup', () => {
  test('forgot password without an e-mail asks for one first', async ({ page }) => {
    let called = false;
    await page.route('**/api/auth/forgot-password', (route) => {
      called = true;
      return route.continue();
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expectToast(page, 'Email Required', 'Please enter your email first.');
    await expect(page.getByLabel('Email')).toBeFocused();
    expect(called).toBe(false);
  });

  test('the e-mailed link sets a new password once; the new password signs in', async ({ page, request }) => {
    // The config's global setup starts the peer; without it this test must fail, not pass quietly.
    expect(isMailPeerRunning(), 'the SMTP peer of global-setup-smtp.ts is running').toBe(true);
    const email = uniqueEmail('reset');
    await createAccount(request, email);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    const answer = page.waitForResponse('**/api/auth/forgot-password');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const body = (await (await answer).json()) as Record<string, unknown>;
    // docs/decisions.md, 12: nothing in the answer a stranger could use.
    expect(Object.keys(body).sort()).toEqual(['message', 'success']);
    await expectToast(page, 'Password Reset', /reset instructions have been sent/);
    await expect(page.getByText(/token/i)).toHaveCount(0);

    const mail = await waitForMail(email, { where: hasSetupPasswordLink });
    expect(mail.subject).toMatch(/password/i);
    const link = findSetupPasswordPath(mail);
    expect(link).toMatch(/^\/setup-password\?token=[^&]{20,}$/);

    await page.goto(link);
    await expect(page).toHaveTitle(/Set Your Password/);
    const submit = page.getByRole('button', { name: 'Set Password' });
    const password = page.getByLabel('New password');
    const confirm = page.getByLabel('Confirm password', { exact: true });
    await expect(submit).toBeDisabled();

    // Eight characters are not enough here.
    await password.fill('Short!Pw1');
    await confirm.fill('Short!Pw1');
    expect(await checklistState(page)).toEqual({
      'At least 12 characters': false,
      'At least one uppercase letter': true,
      'At least one symbol': true,
      'Passwords match': true,
    });
    await expectFieldError(page, password, 'Password must be at least 12 characters');
    await expect(submit).toBeDisabled();

    const newPassword = 'Twelve+Chars!Now';
    await password.fill(newPassword);
    await expectFieldError(page, confirm, "Passwords don't match");
    await expect(submit).toBeDisabled();
    await confirm.fill(newPassword);
    await page.getByRole('button', { name: 'Show password', exact: true }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(submit).toBeEnabled();
    await submit.click();

    await expectToast(page, 'Password Set Successfully');
    await page.waitForURL(/\/login$/);

    // The old password no longer works; the new one does.
    await logIn(page, email, PASSWORD);
    await expect(page.getByTestId('form-alert')).toHaveText('Invalid email or password');
    await logIn(page, email, newPassword);
    await page.waitForURL(/\/dashboard$/);
    await expectHeaderAccount(page, 'My Dashboard');
    await logOut(page);

    // The link works once.
    await page.goto(link);
    await password.fill('Another!Password1');
    await confirm.fill('Another!Password1');
    await submit.click();
    const alert = page.getByTestId('form-alert');
    await expect(alert).toContainText(/invalid|expired/i);
    await expect(alert).not.toHaveText('Failed to set password. Please try again.');
    await expect(page).toHaveURL(/\/setup-password\?token=/);
  });

  test('password setup: a failed request shows the fallback and the network message', async ({ page }) => {
    let answer: 'empty' | 'down' = 'empty';
    await page.route('**/api/auth/setup-password', (route) =>
      answer === 'down' ? route.abort('connectionrefused') : route.fulfill({ status: 500, body: '' }),
    );
    await page.goto('/setup-password?token=made-up-token');
    await page.getByLabel('New password').fill('Twelve+Chars!Now');
    await page.getByLabel('Confirm password', { exact: true }).fill('Twelve+Chars!Now');
    await page.getByRole('button', { name: 'Set Password' }).click();
    const alert = page.getByTestId('form-alert');
    await expect(alert).toHaveText('Failed to set password. Please try again.');
    answer = 'down';
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(alert).toHaveText('Something went wrong. Please try again.');
  });

  test('password setup without a token says Invalid Link and goes home', async ({ page }) => {
    await page.goto('/setup-password');
    await expectToast(page, 'Invalid Link', 'This password setup link is invalid or missing a token.');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('accessibility and screenshots', { tag: '@phone' }, () => {
  const pages = [
    { name: 'login', path: '/login', heading: 'Welcome Back' },
    { name: 'signup', path: '/signup', heading: 'Create Your Account' },
    { name: 'setup-password', path: '/setup-password?token=x', heading: 'Set Your Password' },
  ];

  for (const { name, path, heading } of pages) {
    test(`${name}: no serious or critical axe violations`, async ({ page }, testInfo) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoSeriousA11yViolations(page, testInfo, name);
      await saveScreenshot(page, testInfo, name);
    });
  }

  test('sign-up with errors and a half-met checklist', async ({ page }, testInfo) => {
    await page.goto('/signup');
    await page.getByLabel('Password', { exact: true }).fill('abcdefgh');
    await page.getByLabel('Confirm password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'signup-errors');
    await saveScreenshot(page, testInfo, 'signup-errors');
  });

  test('login with the server alert', async ({ page, request }, testInfo) => {
    const email = uniqueEmail('shot');
    await createAccount(request, email);
    await logIn(page, email, 'Wrong-password1!');
    await expect(page.getByTestId('form-alert')).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'login-alert');
    await saveScreenshot(page, testInfo, 'login-alert');
  });
});
