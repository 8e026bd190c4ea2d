/**
 * Booking a consultation call (docs/behaviour/consultation-and-contact.md#booking-a-call;
 * docs/decisions.md, 108), on a site of its own (the published week is the site's one): the admin, in
 * Denver, publishes weekly times; an owner, in Lisbon, sees the open times in their zone, named, books one,
 * gets the `.ics` invitation (support too), writes in the thread, sees the call on the admin page, cancels
 * and gets the cancellation (METHOD:CANCEL), and the time is open again; a page read once the call has
 * begun no longer offers to cancel it. At 1280 px and, in the @phone
 * project, 390 px, with axe.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { ADMIN, signInThroughApi, uniqueEmail } from '../helpers/accounts.js';
import { ownerWithCompletedRequest } from '../helpers/consultation.js';
import { getMailDir, waitForMail } from '../helpers/mail-peer.js';
import { ownSite } from '../helpers/own-site.js';
import { expectNoSeriousA11yViolations, screenshotBoth } from '../helpers/page-checks.js';
import { toastRegion } from '../helpers/toasts.js';

test.describe.configure({ mode: 'default' });

const site = ownSite('consultation-call');
const ADMIN_PAGE = '/private-admin-panel-support-only';

async function pageIn(browser: Browser, width: number, timezoneId: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: site.url,
    viewport: { width, height: width > 500 ? 800 : 844 },
    timezoneId,
  });
  return context.newPage();
}

function toastSays(page: Page, title: string) {
  return toastRegion(page).getByText(title, { exact: true });
}

test(
  'the admin publishes times, an owner books a call, writes in the thread and cancels',
  { tag: '@phone' },
  async ({ browser }, testInfo) => {
    test.setTimeout(180_000);
    const width = testInfo.project.use.viewport?.width ?? 1280;
    const businessName = `Casa Verde ${randomUUID().slice(0, 6)}`;
    const email = uniqueEmail('call', testInfo.project.name);

    // The admin, in Denver, publishes Mondays 9:00-10:00 and Thursdays 13:00-14:00, 30-minute calls.
    const admin = await pageIn(browser, width, 'America/Denver');
    await signInThroughApi(admin, ADMIN.email, ADMIN.password);
    await admin.goto(ADMIN_PAGE);
    const calls = admin.getByTestId('consultation-calls');
    await expect(calls.getByText('Not published yet.')).toBeVisible();
    await expect(calls.getByText('No times yet: owners cannot book a call.')).toBeVisible();
    await expect(calls.getByLabel('Time zone')).toHaveValue('America/Denver');
    await calls.getByRole('button', { name: 'Add Time Range' }).click();
    await calls.getByRole('button', { name: 'Add Time Range' }).click();
    const ranges = calls.getByTestId('availability-range');
    await ranges.nth(1).getByLabel('Day').selectOption('Thursday');
    await ranges.nth(1).getByLabel('From').fill('13:00');
    await ranges.nth(1).getByLabel('To').fill('12:00');
    await calls.getByRole('button', { name: 'Publish Availability' }).click();
    await expect(ranges.nth(1).getByText('The end must be after the start')).toBeVisible();
    await ranges.nth(1).getByLabel('To').fill('14:00');
    await ranges.nth(0).getByLabel('To').fill('10:00');
    await ranges.nth(0).getByLabel('From').fill('09:00');
    await calls.getByRole('button', { name: 'Publish Availability' }).click();
    await expect(toastSays(admin, 'Availability Published')).toBeVisible();
    await expect(calls.getByText(/^Last published /)).toBeVisible();
    await expect(calls.getByTestId('no-booked-calls')).toBeVisible();

    // The owner, in Lisbon, sees the open times in their zone and books the first.
    const owner = await pageIn(browser, width, 'Europe/Lisbon');
    await ownerWithCompletedRequest(owner, {
      email,
      businessName,
      ownerName: 'Rui Costa',
      location: 'Lisbon, Portugal',
    });
    await owner.goto('/my-consultations');
    const card = owner.getByRole('group', { name: businessName });
    const booking = card.getByTestId('consultation-call');
    await expect(booking.getByRole('heading', { name: 'Book a Call' })).toBeVisible();
    await expect(booking.getByTestId('call-time-zone')).toHaveText(
      /^Times are shown in your time zone: .+ \(Europe\/Lisbon\)\.$/,
    );
    const times = booking.getByRole('radio');
    await expect(times.first()).toBeVisible();
    await expect(booking.getByRole('button', { name: 'Book Call' })).toBeDisabled();
    await expectNoSeriousA11yViolations(owner, testInfo, 'book-a-call');
    await screenshotBoth(owner, testInfo, 'book-a-call');
    // Keyboard: the first time is reached and chosen without the mouse.
    await times.first().focus();
    await owner.keyboard.press('Space');
    await expect(times.first()).toBeChecked();
    await booking.getByRole('button', { name: 'Book Call' }).click();
    await expect(toastSays(owner, 'Call Booked')).toBeVisible();
    const booked = booking.getByTestId('booked-call');
    await expect(booked).toContainText('Your call:');
    const when = (await booked.locator('time').textContent())!;
    expect(when).toMatch(/(GMT|WET|WEST|UTC)/);

    const invitation = await waitForMail(email, {
      where: (mail) => mail.subject.startsWith('Your consultation call is booked:'),
      timeoutMs: 30_000,
    });
    // The message as the SMTP peer received it, kept with the report.
    await testInfo.attach('invitation.eml', {
      path: path.join(getMailDir(), invitation.file),
      contentType: 'message/rfc822',
    });
    expect(invitation.calendar).toContain('METHOD:REQUEST');
    expect(invitation.calendar).toContain(`Consultation call: ${businessName}`);
    const uid = /UID:(\S+)/.exec(invitation.calendar)?.[1];
    expect(uid).toBeDefined();
    const notice = await waitForMail(ADMIN.email, {
      where: (mail) => mail.subject.startsWith(`Call booked: Rui Costa, ${businessName}`),
      timeoutMs: 30_000,
    });
    expect(notice.subject).toMatch(/M[SD]T$/);
    expect(notice.calendar).toContain(`UID:${uid}`);

    // The owner replies in the consultation's thread.
    const thread = card.getByTestId('consultation-thread');
    await thread.getByLabel('Your message').fill('Booked the call: I will have the menu at hand.');
    await thread.getByRole('button', { name: 'Send Message' }).click();
    await expect(toastSays(owner, 'Message Sent')).toBeVisible();
    await expect(thread.getByTestId('thread-message')).toHaveText([/^You.*Booked the call/]);
    await owner.evaluate('window.scrollTo(0, 0)');
    await screenshotBoth(owner, testInfo, 'call-booked');

    // The admin sees the call, in Denver time.
    await admin.reload();
    const listed = calls.getByTestId('booked-call');
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText(businessName);
    await expect(listed).toContainText(/M[SD]T/);
    await expect(listed).toContainText("Owner's time zone: Europe/Lisbon");
    await expectNoSeriousA11yViolations(admin, testInfo, 'admin-calls');
    await admin.evaluate('window.scrollTo(0, 0)');
    await screenshotBoth(admin, testInfo, 'admin-calls');

    // Once the call has begun it is kept: the page says so and no longer offers to cancel it (the server
    // refuses that too).
    const startsAt = (await booked.locator('time').getAttribute('datetime'))!;
    const afterwards = await pageIn(browser, width, 'Europe/Lisbon');
    await afterwards.context().addCookies(await owner.context().cookies());
    await afterwards.clock.setFixedTime(new Date(Date.parse(startsAt) + 45 * 60_000));
    await afterwards.goto('/my-consultations');
    const held = afterwards
      .getByRole('group', { name: businessName })
      .getByTestId('consultation-call')
      .getByTestId('booked-call');
    await expect(held).toContainText(
      'This call has taken place. Write to us in the conversation below if you would like another.',
    );
    await expect(held.getByRole('button', { name: 'Cancel Call' })).toHaveCount(0);
    await screenshotBoth(afterwards, testInfo, 'call-held');
    await afterwards.context().close();

    // The owner cancels; the time is open again and the invitation is withdrawn.
    await booked.getByRole('button', { name: 'Cancel Call' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Cancel this call?' });
    await expect(dialog).toContainText(when);
    await dialog.getByRole('button', { name: 'Cancel Call' }).click();
    await expect(toastSays(owner, 'Call Cancelled')).toBeVisible();
    await expect(booking.getByTestId('booked-call')).toHaveCount(0);
    await expect(times.first()).toBeVisible();
    const withdrawal = await waitForMail(email, {
      where: (mail) => mail.subject.startsWith('Your consultation call is cancelled:'),
      timeoutMs: 30_000,
    });
    expect(withdrawal.calendar).toContain('METHOD:CANCEL');
    expect(withdrawal.calendar).toContain(`UID:${uid}`);
    expect(withdrawal.calendar).toContain('SEQUENCE:1');

    await admin.context().close();
    await owner.context().close();
  },
);
