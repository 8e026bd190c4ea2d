/**
 * The course-list member dashboard `/member/dashboard`
 * (docs/behaviour/member-learning.md#course-list-dashboard), against the embedded site: signed-out visitors
 * go to /login; a free account sees 'Free Account', 'No Courses Yet' and 'Upgrade to Access' with the lock; a
 * member who bought the course (guest purchase with the built-in test provider, set-password e-mail, sign-in)
 * sees 'Active Membership', the enrolled course with 'Continue Learning' and 'View Course'. Axe and
 * screenshots on a desktop and a 375 px phone.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { isMailPeerRunning } from '../helpers/mail-peer.js';
import { becomeCourseMember, uniqueEmail, signInNewAccount } from '../helpers/accounts.js';
import { expectNoSeriousA11yViolations, screenshotBoth } from '../helpers/page-checks.js';

function section(page: Page, name: string) {
  return page.getByRole('region', { name });
}

test('a signed-out visitor is sent to /login', async ({ page }) => {
  await page.goto('/member/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('a free account sees Free Account, No Courses Yet and Upgrade to Access behind a lock', async ({
  page,
}, testInfo) => {
  await signInNewAccount(page, 'dash', 'free');
  await page.goto('/member/dashboard');

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Ana!' })).toBeVisible();
  await expect(page.getByTestId('membership-badge')).toHaveText('Free Account');
  await expect(page.getByRole('link', { name: 'Account Settings' })).toHaveAttribute('href', '/account');
  await expect(page.getByRole('link', { name: 'Membership', exact: true })).toHaveAttribute(
    'href',
    '/membership',
  );
  await expect(page.getByRole('main').getByRole('button', { name: 'Log out' })).toBeEnabled();

  const enrolled = section(page, 'My Enrolled Courses');
  await expect(enrolled.getByRole('heading', { name: 'No Courses Yet' })).toBeVisible();
  await expect(enrolled.getByRole('link', { name: 'Browse Courses' })).toHaveAttribute('href', '/courses');

  const available = section(page, 'Available Courses');
  const cards = available.getByTestId('available-course');
  await expect(cards.first()).toBeVisible();
  await expect(cards.first()).toContainText('Drip-feed content - new section daily');
  await expect(cards.first().getByRole('link', { name: 'Upgrade to Access' })).toHaveAttribute(
    'href',
    '/membership',
  );
  await expect(cards.first().getByTestId('lock-overlay')).toBeVisible();
  await expect(available.getByRole('link', { name: /View Course|Enroll Now/ })).toHaveCount(0);

  await screenshotBoth(page, testInfo, 'member-dashboard-free');
  await expectNoSeriousA11yViolations(page, testInfo, 'member-dashboard-free');

  // Keyboard: the first course's button is reachable and opens the membership page.
  await cards.first().getByRole('link', { name: 'Upgrade to Access' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/membership$/);
});

test(
  'a member who bought the course sees Active Membership, the enrolled course and View Course',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    expect(isMailPeerRunning(), 'the SMTP peer of global-setup-smtp.ts is running').toBe(true);
    const email = uniqueEmail('dash', 'member');

    await becomeCourseMember(page, email);

    await page.goto('/member/dashboard');
    // Bought as a guest, then signed in for the first time: welcomed, not welcomed back.
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Maria!' })).toBeVisible();
    await expect(page.getByTestId('membership-badge')).toHaveText('Active Membership');

    const enrolledCard = section(page, 'My Enrolled Courses').getByTestId('enrolled-course').first();
    await expect(enrolledCard).toBeVisible();
    await expect(enrolledCard).toContainText(/Enrolled on /);
    await expect(enrolledCard).toContainText('Continue where you left off');
    const continueLink = enrolledCard.getByRole('link', { name: 'Continue Learning' });
    await expect(continueLink).toHaveAttribute('href', /^\/courses\/\d+$/);

    const available = section(page, 'Available Courses');
    const viewCourse = available.getByRole('link', { name: 'View Course' }).first();
    await expect(viewCourse).toHaveAttribute('href', (await continueLink.getAttribute('href'))!);
    await expect(available.getByRole('link', { name: 'Upgrade to Access' })).toHaveCount(0);
    await expect(available.getByTestId('lock-overlay')).toHaveCount(0);

    await screenshotBoth(page, testInfo, 'member-dashboard-member');
    await expectNoSeriousA11yViolations(page, testInfo, 'member-dashboard-member');

    // The way out stays: Log out ends the session.
    await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
    await expect.poll(async () => (await page.request.get('/api/auth/user')).status()).toBe(401);
  },
);
