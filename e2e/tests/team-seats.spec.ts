/**
 * Staff seats (docs/behaviour/member-learning.md#team), against the embedded site: a buyer invites a chef
 * from /team (a bad address is refused at the field), the chef gets the invitation e-mail with a
 * set-password link, studies on their own account and sees nothing of the owner's (no team, orders,
 * consultations or revenue share of their own, though the owner has them); the owner sees the chef's progress
 * and removes them, which frees the seat. The invitation and the removal are also done with the keyboard
 * alone. At 1280 px and, in the @phone project, 390 px, with axe.
 */
import { expect, test } from '@playwright/test';
import {
  becomeCourseMember,
  setPasswordThroughApi,
  signInThroughApi,
  uniqueEmail,
} from '../helpers/accounts.js';
import { completeRequest, startRequest } from '../helpers/consultation.js';
import { waitForMail } from '../helpers/mail-peer.js';
import { consentToRevenueShare } from '../helpers/revenue-share.js';
import { expectNoSeriousA11yViolations, screenshotBoth, tabIntoMain } from '../helpers/page-checks.js';
import { expectToast } from '../helpers/toasts.js';

test(
  'an owner invites a chef who studies on their own account',
  { tag: '@phone' },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    const ownerEmail = uniqueEmail('team', 'owner');
    const chefEmail = uniqueEmail('team', 'chef');
    await becomeCourseMember(page, ownerEmail);
    // The owner has a consultation and a revenue-share plan, which their chef must not see.
    await completeRequest(
      page.request,
      await startRequest(page.request, {
        email: ownerEmail,
        businessName: 'Team Table Bistro',
        ownerName: 'Maria Lopez',
        location: 'Denver, CO',
      }),
    );
    await consentToRevenueShare(page.request, 200_000);
    expect((await (await page.request.get('/api/my-consultations')).json()) as unknown[]).toHaveLength(1);
    expect(
      ((await (await page.request.get('/api/revenue-reports')).json()) as { plan: unknown }).plan,
    ).not.toBeNull();

    await page.goto('/member/dashboard');
    await page.getByRole('link', { name: 'Team' }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    await expect(page.getByTestId('team-seats')).toHaveText('0 of 5 seats used · 5 seats left');
    await expect(page.getByText('No one on your team yet.')).toBeVisible();

    const email = page.getByLabel('Their email');
    await email.fill('not an address');
    const send = page.getByRole('button', { name: 'Send Invitation' });
    await send.click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    // The refusal puts the cursor back in the field; from there the keyboard alone sends the invitation.
    await expect(email).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(chefEmail);
    await page.keyboard.press('Tab');
    await expect(send).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(email).toBeFocused();
    await expect(email).toHaveValue(chefEmail);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectToast(page, 'Invitation sent');
    await expect(page.getByTestId('team-seats')).toHaveText('1 of 5 seats used · 4 seats left');
    const seat = page.getByTestId('team-member').filter({ hasText: chefEmail });
    await expect(seat).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, testInfo, 'team');

    // The chef's invitation carries a set-password link; they study on their own account.
    const invitation = await waitForMail(chefEmail, {
      where: (message) => message.subject.includes('invited you to the restaurant management course'),
      timeoutMs: 30_000,
    });
    expect(invitation.subject).toBe('Maria Lopez invited you to the restaurant management course');
    const chef = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
    await setPasswordThroughApi(chef, chefEmail, 'Chef+Kitchen!2026');
    await signInThroughApi(chef, chefEmail, 'Chef+Kitchen!2026');
    const [enrolment] = (await (await chef.request.get('/api/enrollments')).json()) as Array<{
      courseId: number;
    }>;
    expect(enrolment).toBeDefined();
    const sections = (await (
      await chef.request.get(`/api/courses/${enrolment!.courseId}/available-modules`)
    ).json()) as Array<{ id: number; isAvailable: boolean }>;
    expect(sections.filter((section) => section.isAvailable)).toHaveLength(1);
    expect((await chef.request.post(`/api/modules/${sections[0]!.id}/complete`)).ok()).toBe(true);
    // Nothing of the owner's: no orders, no team, no consultations, no revenue share.
    expect(((await (await chef.request.get('/api/orders')).json()) as { orders: unknown[] }).orders).toEqual(
      [],
    );
    await chef.goto('/team');
    await expect(chef.getByRole('heading', { name: 'Team seats come with the course' })).toBeVisible();
    expect(await (await chef.request.get('/api/my-consultations')).json()).toEqual([]);
    await chef.goto('/my-consultations');
    await expect(chef.getByRole('heading', { name: 'No Consultations Yet' })).toBeVisible();
    await expect(chef.getByText('Team Table Bistro')).toHaveCount(0);
    expect(await (await chef.request.get('/api/revenue-reports')).json()).toEqual({
      plan: null,
      reports: [],
    });
    expect((await chef.request.get('/api/revenue-statements')).status()).toBe(404);
    await chef.goto('/revenue-report');
    await expect(
      chef
        .getByTestId('not-on-plan')
        .getByText('Please agree to the Revenue Share Terms before reporting revenue.'),
    ).toBeVisible();
    await chef.close();

    // The owner sees the chef's progress, then frees the seat.
    await page.reload();
    await expect(seat.getByText('Studying')).toBeVisible();
    await expect(seat.getByTestId('team-member-progress')).toHaveText(
      /^1 of \d+ sections completed \(\d+%\)$/,
    );
    await expectNoSeriousA11yViolations(page, testInfo, 'team-with-member');
    await screenshotBoth(page, testInfo, 'team');
    // The keyboard alone from the top of the page: the skip link, the form, then the member's Remove.
    await tabIntoMain(page);
    await expect(email).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(send).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(seat.getByRole('button', { name: `Remove ${chefEmail}` })).toBeFocused();
    await page.keyboard.press('Space');
    await expectToast(page, 'Team member removed');
    await expect(page.getByText('No one on your team yet.')).toBeVisible();
    await expect(page.getByTestId('team-seats')).toHaveText('0 of 5 seats used · 5 seats left');
  },
);
