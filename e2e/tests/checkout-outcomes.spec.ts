/**
 * What the buyer is told on the way back from the payment page, and the ways into checkout
 * (docs/behaviour/checkout-and-payments.md): a declined or cancelled payment says so on the checkout it
 * came from with the form as typed; the confirmation page claims only what the server confirmed and tells
 * a guest to set a password (with a resend) and a signed-in buyer to open the dashboard; a signed-in buyer
 * who bills another address still gets the purchase on their own account; the paid programmes go straight
 * to checkout; each checkout leads back where it came from; the header shows the cart with its count.
 */
import { expect, test } from '@playwright/test';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { BILLING, createAccount, fillBilling, uniqueEmail } from '../helpers/accounts.js';
import { hasSetupPasswordLink, isMailPeerRunning, waitForMail } from '../helpers/mail-peer.js';
import { expectNoSeriousA11yViolations, screenshotBoth } from '../helpers/page-checks.js';
import { addConsultationToCart } from '../helpers/cart.js';
import { expectToast, toastRegion } from '../helpers/toasts.js';

const CONSULTATION = 'Restaurant Consultation';
const PROGRAMME_CHECKOUT = '/checkout?product=self-implementation-program&plan=self_implementation';

/** The toast of a payment the test provider declined: the buyer is back on the checkout to try again. */
async function expectPaymentFailed(page: Page): Promise<void> {
  await expectToast(page, 'Payment Failed', 'There was an error processing your payment. Please try again.');
}

function purchaseButton(page: Page): Locator {
  return page.getByRole('button', { name: /Complete Secure Purchase|Processing Securely/ });
}

/** Submits the checkout and waits for the built-in test provider's page; answers its session id. */
async function goToTestProvider(page: Page): Promise<string> {
  await purchaseButton(page).click();
  await page.waitForURL((url) => url.pathname.startsWith('/api/test-checkout/'));
  return decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
}

async function expectBillingAsTyped(page: Page, email: string) {
  for (const [label, value] of Object.entries(BILLING)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(
      label === 'Email address' ? email : value,
    );
  }
}

/**
 * The header's cart link with its item count (`count`, as its accessible name `name` says it), pictured at
 * the top of the page as `picture`, then followed to /cart.
 */
async function followHeaderCart(
  page: Page,
  testInfo: TestInfo,
  { name, count, picture }: { name: string; count: string; picture: string },
) {
  const cart = page.getByRole('banner').getByRole('link', { name });
  await expect(cart).toBeVisible();
  await expect(cart.getByTestId('header-cart-count')).toHaveText(count);
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshotBoth(page, testInfo, picture);
  await cart.click();
  await expect(page).toHaveURL(/\/cart$/);
}

test.describe('back from the payment page', () => {
  test(
    'a declined card payment returns to the programme’s checkout with Payment Failed and the form as typed',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      const email = uniqueEmail('buyer', 'declined');
      await page.goto(PROGRAMME_CHECKOUT);
      await fillBilling(page, email);
      await page.getByLabel('Company (optional)').fill('Lopez Family Foods');
      await goToTestProvider(page);
      await page.getByRole('button', { name: 'Decline' }).click();

      await expectPaymentFailed(page);
      // The same checkout, not the (empty) cart's, and without the outcome left in the address.
      await expect(page).toHaveURL(
        /\/checkout\?product=self-implementation-program&plan=self_implementation$/,
      );
      await expect(page.getByTestId('checkout-lines')).toContainText('Self-Implementation Program');
      await expectBillingAsTyped(page, email);
      await expect(page.getByLabel('Company (optional)')).toHaveValue('Lopez Family Foods');
      await expect(purchaseButton(page)).toBeEnabled();
      await screenshotBoth(page, testInfo, 'checkout-declined');

      // A reload does not repeat the message.
      await page.reload();
      await expect(page.getByLabel('City')).toHaveValue('Portland');
      await expect(toastRegion(page).getByText('Payment Failed')).toHaveCount(0);
    },
  );

  test('a cancelled PayPal approval returns with PayPal still chosen; a declined one says Payment Failed', async ({
    page,
  }) => {
    const email = uniqueEmail('buyer', 'paypal-cancel');
    await addConsultationToCart(page);
    await page.goto('/checkout');
    await fillBilling(page, email);
    await page.getByLabel('PayPal').check();
    await goToTestProvider(page);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expectToast(
      page,
      'Payment Cancelled',
      'Nothing was charged. Your details are still here when you want to try again.',
    );
    await expect(page).toHaveURL(/\/checkout\?method=paypal$/);
    await expect(page.getByLabel('PayPal')).toBeChecked();
    await expectBillingAsTyped(page, email);
    await expect(page.getByTestId('checkout-lines')).toContainText(CONSULTATION);

    await goToTestProvider(page);
    await page.getByRole('button', { name: 'Decline' }).click();
    await expectPaymentFailed(page);
    await expect(page.getByLabel('PayPal')).toBeChecked();
    await expectBillingAsTyped(page, email);
  });
});

test.describe('order confirmation says only what the server confirmed', () => {
  test('without a session it claims no payment and offers the way back', async ({ page }, testInfo) => {
    let grantRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/grant-course-access')) grantRequests += 1;
    });
    await page.goto('/checkout-success');
    await expect(page.getByRole('heading', { level: 1, name: 'No payment to confirm' })).toBeVisible();
    await expect(page.getByText('Payment Successful!')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Course Access Pending' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Back to Checkout' })).toHaveAttribute('href', '/checkout');
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await screenshotBoth(page, testInfo, 'checkout-success-no-session');
    await expectNoSeriousA11yViolations(page, testInfo, 'checkout-success-no-session');
    expect(grantRequests).toBe(0);

    await page.goto('/checkout-success?session_id=not-a-real-session');
    await expect(
      page.getByRole('heading', { level: 1, name: 'We could not find this payment' }),
    ).toBeVisible();
    await expect(page.getByText('Payment Successful!')).toHaveCount(0);
    await expect(toastRegion(page).getByText('Course Access Granted!')).toHaveCount(0);
  });

  test('an unpaid session says the payment is not complete, a declined one that it did not go through', async ({
    page,
  }, testInfo) => {
    await page.goto(PROGRAMME_CHECKOUT);
    await fillBilling(page, uniqueEmail('buyer', 'unpaid'));
    const sessionId = await goToTestProvider(page);

    await page.goto(`/checkout-success?session_id=${encodeURIComponent(sessionId)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment not completed yet' })).toBeVisible();
    await expect(page.getByText('Payment Successful!')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Check again' })).toBeEnabled();
    // Back to the checkout this tab left from, not the empty cart's.
    await expect(page.getByRole('link', { name: 'Back to Checkout' })).toHaveAttribute(
      'href',
      PROGRAMME_CHECKOUT,
    );
    await screenshotBoth(page, testInfo, 'checkout-success-unpaid');

    await page.goto(`/api/test-checkout/${encodeURIComponent(sessionId)}`);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/\/checkout\?product=/);
    await page.goto(`/checkout-success?session_id=${encodeURIComponent(sessionId)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Payment did not go through' })).toBeVisible();
    await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  });

  test(
    'a guest is told to set a password from the e-mail, and can have the link sent again',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      expect(isMailPeerRunning(), 'the SMTP peer of global-setup-smtp.ts is running').toBe(true);
      const email = uniqueEmail('buyer', 'inbox');
      await page.goto('/checkout?course=1');
      await fillBilling(page, email);
      await goToTestProvider(page);
      await page.getByRole('button', { name: 'Pay (test mode)' }).click();
      await page.waitForURL(/\/checkout-success\?session_id=/);

      await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
      await expectToast(page, 'Course Access Granted!', 'Welcome email has been sent to your inbox.');
      const inbox = page.getByRole('region', { name: 'Check your inbox to set your password' });
      await expect(inbox).toContainText(email);
      // One state only: nothing pending, no promise of "24 hours".
      await expect(page.getByRole('button', { name: 'Course Access Pending' })).toHaveCount(0);
      await expect(page.getByText(/24 hours/)).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Access Your Dashboard' })).toHaveCount(0);
      await screenshotBoth(page, testInfo, 'checkout-success-guest');
      await expectNoSeriousA11yViolations(page, testInfo, 'checkout-success-guest');

      await waitForMail(email, { where: hasSetupPasswordLink, timeoutMs: 30_000 });
      await expect(inbox.getByLabel('Email address')).toHaveValue(email);
      await inbox.getByRole('button', { name: 'Send the link again' }).click();
      await expect(inbox.getByRole('status')).toHaveText(
        'If an account exists for that email, we have sent a link to set a new password.',
      );
      // A second link, by e-mail only.
      await waitForMail(email, { where: hasSetupPasswordLink, index: 1, timeoutMs: 30_000 });
    },
  );

  test('a signed-in buyer who bills another address gets the purchase on their own account', async ({
    page,
  }) => {
    expect(isMailPeerRunning(), 'the SMTP peer of global-setup-smtp.ts is running').toBe(true);
    const accountEmail = uniqueEmail('owner', 'account');
    const billingEmail = uniqueEmail('owner', 'billing');
    await createAccount(page.request, accountEmail);
    await page.goto('/checkout?course=1');
    await expect(page.getByLabel('Email address')).toHaveValue(accountEmail);
    await expect(page.getByText('Your receipt goes to this e-mail address.')).toBeVisible();
    await expect(
      page.getByText(new RegExp(`added to your account \\(${accountEmail.replace(/[+.]/g, '\\$&')}\\)`)),
    ).toBeVisible();
    await fillBilling(page, billingEmail);
    await goToTestProvider(page);
    await page.getByRole('button', { name: 'Pay (test mode)' }).click();
    await page.waitForURL(/\/checkout-success\?session_id=/);

    await expect(page.getByRole('link', { name: 'Access Your Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(page.getByRole('region', { name: 'Check your inbox to set your password' })).toHaveCount(0);
    await expect
      .poll(async () => (await (await page.request.get('/api/auth/user')).json()).isPaidMember, {
        timeout: 15_000,
      })
      .toBe(true);
    // The receipt goes to the billing address.
    const receipt = await waitForMail(billingEmail, {
      where: (mail) => /receipt/i.test(mail.subject),
      timeoutMs: 30_000,
    });
    expect(receipt.subject).toMatch(/receipt/i);
  });
});

test.describe('ways into checkout', () => {
  test('signed out, the paid programmes go straight to checkout; only the premium one asks for an account', async ({
    page,
  }) => {
    await page.goto('/pricing');
    const self = page.getByTestId('programme-self_implementation');
    await self.getByRole('checkbox').click();
    await self.getByRole('button', { name: /Get Started/ }).click();
    await expect(page).toHaveURL(/\/checkout\?product=self-implementation-program&plan=self_implementation$/);
    await expect(page.getByTestId('checkout-lines')).toContainText('Self-Implementation Program');
    await expect(page.getByRole('link', { name: 'Back to Pricing' })).toHaveAttribute('href', '/pricing');

    await page.goto('/pricing');
    const flexible = page.getByTestId('programme-flexible_payments');
    await flexible.getByRole('checkbox').click();
    await flexible.getByRole('button', { name: /Choose Flexible Payments/ }).click();
    await expect(page).toHaveURL(/\/checkout\?product=flexible-payments-program&plan=flexible_payments$/);
    await expect(page.getByTestId('checkout-lines')).toContainText('Flexible Payments Program');

    await page.goto('/pricing');
    const premium = page.getByTestId('programme-revenue_share');
    await premium.getByRole('checkbox').click();
    await premium.getByRole('button', { name: /Apply Now/ }).click();
    await expect(page).toHaveURL(/\/signup$/);
    expect(await page.evaluate("localStorage.getItem('pending_plan_selection')")).toBe('revenue_share');
  });

  test('the membership checkout leads back to the membership plans, not to an empty cart', async ({
    page,
  }) => {
    await createAccount(page.request, uniqueEmail('buyer', 'membership-back'));
    await page.goto('/membership');
    await page.getByRole('button', { name: /Select Plan\W*Monthly/ }).click();
    await page.getByRole('link', { name: 'Continue to Secure Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout\?product=membership-monthly/);
    await expect(page.getByTestId('checkout-lines')).toContainText('Monthly Membership');
    await expect(page.getByRole('link', { name: 'Back to Cart' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Membership' }).click();
    await expect(page).toHaveURL(/\/membership$/);
  });

  test('the header shows the cart and its item count', async ({ page }, testInfo) => {
    await page.goto('/');
    const cart = page.getByRole('banner').getByRole('link', { name: 'Cart, empty' });
    await expect(cart).toHaveAttribute('href', '/cart');
    await addConsultationToCart(page);
    await page.getByRole('button', { name: new RegExp(`Add to Cart.*${CONSULTATION}`) }).click();
    await followHeaderCart(page, testInfo, { name: 'Cart, 2 items', count: '2', picture: 'header-cart' });
  });

  test(
    'a phone shows the cart and its item count in the header, without opening the menu',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await addConsultationToCart(page);
      // On a phone the 'Added to cart' toast lies over the header, and a pointer resting on it keeps it open:
      // close it first, as an owner would.
      const toasts = toastRegion(page);
      await toasts.getByRole('button', { name: 'Close' }).click();
      await expect(toasts.getByRole('listitem')).toHaveCount(0);
      const menuButton = page.getByRole('button', { name: /menu/ });
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      await followHeaderCart(page, testInfo, {
        name: 'Cart, 1 item',
        count: '1',
        picture: 'phone-header-cart',
      });
    },
  );
});
