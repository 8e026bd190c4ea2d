/**
 * Nudges (docs/behaviour/member-learning.md#nudges), against a site of its own whose clock the spec moves: a
 * day after buying, the next section opens and its e-mail arrives once; the e-mail's unsubscribe page (no
 * sign-in) turns that kind off; /account/notifications shows it off and turns it back on. A week away brings
 * one reminder (a newcomer's first unlock proves a later sweep ran and sent no second one); its link, used
 * with the keyboard alone, turns reminders off, and the preferences, saved with the keyboard, turn them back
 * on. At 1280 px and, in the @phone project, 390 px, with axe.
 */
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { DAY, MINUTE } from '@platform/service-kit/clock';
import { becomeCourseMember, signInThroughApi, uniqueEmail } from '../helpers/accounts.js';
import { listMail, waitForMail } from '../helpers/mail-peer.js';
import { RunningClock, ownSite } from '../helpers/own-site.js';
import { expectNoSeriousA11yViolations, screenshotBoth, tabIntoMain } from '../helpers/page-checks.js';
import { closeContexts } from '../helpers/contexts.js';
import { toastRegion } from '../helpers/toasts.js';

test.describe.configure({ mode: 'default' });

const clock = new RunningClock();
const site = ownSite('nudges-unsubscribe', { clock });

/**
 * Opens an e-mail's unsubscribe link in a browser of its own, as a mail client does (no session needed):
 * the page asks whether to stop the e-mails named `kind`. The caller closes the page's context.
 */
async function openUnsubscribeLink(
  browser: Browser,
  width: number,
  link: string,
  kind: string,
): Promise<Page> {
  const context = await site.context(browser, width);
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Stop these e-mails: ${kind}?` })).toBeVisible();
  return page;
}

test(
  'a section-unlocked e-mail and a week-away reminder each arrive once and their links unsubscribe',
  { tag: '@phone' },
  async ({ browser }, testInfo) => {
    test.setTimeout(240_000);
    const width = testInfo.project.use.viewport?.width ?? 1280;
    const context = await site.context(browser, width);
    const page = await context.newPage();
    const email = uniqueEmail('nudge', testInfo.project.name);
    const password = await becomeCourseMember(page, email);

    clock.advance(DAY + MINUTE);
    const isUnlock = (message: { subject: string }) => message.subject.startsWith('New section unlocked:');
    const mail = await waitForMail(email, { where: isUnlock, timeoutMs: 60_000 });
    const link = /\/unsubscribe\/[A-Za-z0-9_-]{43}\?kind=section-unlocked/.exec(mail.text)?.[0];
    expect(link).toBeDefined();

    // A visitor's browser (a mail client's link): no session needed; opening changes nothing.
    const visitor = await openUnsubscribeLink(browser, width, link!, 'New section unlocked');
    await expectNoSeriousA11yViolations(visitor, testInfo, 'unsubscribe');
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(visitor.getByText('You are unsubscribed from "New section unlocked".')).toBeVisible();
    await screenshotBoth(visitor, testInfo, 'unsubscribe');
    await visitor.goto(link!.replace(/\/unsubscribe\/[^?]+/, `/unsubscribe/${'A'.repeat(43)}`));
    await expect(visitor.getByRole('heading', { name: 'This unsubscribe link is not valid' })).toBeVisible();
    await closeContexts(visitor.context());

    // The preferences page shows it off; the learner turns it back on.
    await page.goto('/account/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Email Preferences' })).toBeVisible();
    const unlocks = page.getByRole('checkbox', { name: 'New section unlocked' });
    await expect(unlocks).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Reminders after a week away' })).toBeChecked();
    await expectNoSeriousA11yViolations(page, testInfo, 'notification-preferences');
    await screenshotBoth(page, testInfo, 'notification-preferences');
    await unlocks.click();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(toastRegion(page).getByText('Preferences saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'New section unlocked' })).toBeChecked();
    expect((await listMail(email)).filter(isUnlock)).toHaveLength(1);

    // A week without opening a lesson: one reminder, with the way back in.
    clock.advance(7 * DAY + MINUTE);
    const isReminder = (message: { subject: string }) =>
      message.subject.startsWith('Pick up where you left off in ');
    const reminder = await waitForMail(email, { where: isReminder, timeoutMs: 60_000 });
    expect(reminder.text).toContain('Continue the course');
    const reminderLink = /\/unsubscribe\/[A-Za-z0-9_-]{43}\?kind=inactivity/.exec(reminder.text)?.[0];
    expect(reminderLink).toBeDefined();

    // Once per gap: a newcomer enrolled now gets their first unlock a day later, from a sweep that also
    // looked at this learner (the sweep goes in enrolment order), who is still away and gets no second one.
    const newcomerEmail = uniqueEmail('nudge-newcomer', testInfo.project.name);
    const newcomer = await site.memberPage(browser, width, newcomerEmail);
    await closeContexts(newcomer.context());
    clock.advance(DAY + MINUTE);
    await waitForMail(newcomerEmail, { where: isUnlock, timeoutMs: 60_000 });
    expect((await listMail(email)).filter(isReminder)).toHaveLength(1);

    // The reminder's link, with the keyboard alone.
    const reader = await openUnsubscribeLink(browser, width, reminderLink!, 'Reminders after a week away');
    await tabIntoMain(reader);
    await expect(reader.getByRole('button', { name: 'Unsubscribe' })).toBeFocused();
    await reader.keyboard.press('Space');
    await expect(reader.getByText('You are unsubscribed from "Reminders after a week away".')).toBeVisible();
    await closeContexts(reader.context());

    // The week also ended the learner's session (7 days idle): back in, the preference is off; the keyboard
    // turns it on again and saves.
    await signInThroughApi(page, email, password);
    await page.goto('/account/notifications');
    const reminders = page.getByRole('checkbox', { name: 'Reminders after a week away' });
    await expect(reminders).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'New section unlocked' })).toBeChecked();
    await tabIntoMain(page);
    await expect(page.getByRole('checkbox', { name: 'New section unlocked' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(reminders).toBeFocused();
    await page.keyboard.press('Space');
    await expect(reminders).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Save Preferences' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toastRegion(page).getByText('Preferences saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Reminders after a week away' })).toBeChecked();
    await closeContexts(context);
  },
);
