/**
 * The account page (docs/behaviour/accounts.md#account-page): reached from the dashboard's 'Account
 * Settings'; the name saved; the password changed only with the current one, ending the other session;
 * the e-mail changed through the link sent to the new address (the SMTP peer).
 */
import { expect, test } from '@playwright/test';
import { PASSWORD, signInThroughApi, uniqueEmail, signInNewAccount } from '../helpers/accounts.js';
import { waitForMail, type ReceivedMail } from '../helpers/mail-peer.js';
import { expectNoSeriousA11yViolations, screenshotBoth } from '../helpers/page-checks.js';

const NEW_PASSWORD = 'Kitchen42+Open!';

function confirmPathOf(mail: ReceivedMail): string {
  const match = /\/account\/confirm-email\?token=[^\s"'<>()]+/.exec(`${mail.text}\n${mail.html}`);
  if (!match) throw new Error(`No confirmation link in "${mail.subject}"`);
  return match[0].replaceAll('&amp;', '&');
}

test('a person changes their name and password from Account Settings; the other session ends', async ({
  page,
  browser,
}, testInfo) => {
  const email = await signInNewAccount(page, 'account', 'password');
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signInThroughApi(other, email, PASSWORD);

  await page.goto('/member/dashboard');
  await page.getByRole('link', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(
    page.getByTestId('account-links').getByRole('link', { name: /Orders & billing/ }),
  ).toHaveAttribute('href', '/orders');
  await expectNoSeriousA11yViolations(page, testInfo, 'account settings');
  await screenshotBoth(page, testInfo, 'account-settings');

  await page.getByLabel('First name').fill('Anabel');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Your name has been saved.').first()).toBeVisible();

  const passwordSection = page.getByRole('region', { name: 'Password' });
  await passwordSection.getByLabel('Current password').fill('Not-my-password1!');
  await passwordSection.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await passwordSection.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await passwordSection.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordSection.getByText('Your current password is incorrect')).toBeVisible();

  await passwordSection.getByLabel('Current password').fill(PASSWORD);
  await passwordSection.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('You were signed out everywhere else.').first()).toBeVisible();

  // This browser stays signed in; the other one is signed out.
  expect((await (await page.request.get('/api/auth/session')).json()).user.firstName).toBe('Anabel');
  expect((await (await other.request.get('/api/auth/session')).json()).user).toBeNull();
  await elsewhere.close();
  expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(
    401,
  );
  expect(
    (await page.request.post('/api/auth/login', { data: { email, password: NEW_PASSWORD } })).status(),
  ).toBe(200);
});

test('a person changes their e-mail through the link sent to the new address', async ({ page }) => {
  await signInNewAccount(page, 'account', 'old');
  const newEmail = uniqueEmail('account', 'new');

  await page.goto('/account');
  const emailSection = page.getByRole('region', { name: 'Email address' });
  await emailSection.getByLabel('New email address').fill(newEmail);
  await emailSection.getByLabel('Current password').fill(PASSWORD);
  await emailSection.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByTestId('email-link-sent')).toContainText(`We sent a link to ${newEmail}.`);

  const mail = await waitForMail(newEmail, { where: (m) => m.subject.startsWith('Confirm your new email') });
  await page.goto(confirmPathOf(mail));
  await expect(page.getByTestId('email-confirmed')).toContainText('Your email address has been changed.');
  await page.getByRole('link', { name: 'Go to Account Settings' }).click();
  await expect(page.getByText(newEmail)).toBeVisible();
});
