/**
 * Nudges (docs/behaviour/member-learning.md#nudges), against a site of its own whose clock the spec moves: a
 * day after buying, the next section opens and its e-mail arrives once; the e-mail's unsubscribe page (no
 * sign-in) turns that kind off; /account/notifications shows it off and turns it back on. At 1280 px and, in
 * the @phone project, 390 px, with axe.
 */
import { expect, test } from '@playwright/test';
import { DAY, MINUTE } from '@platform/service-kit/clock';
import { becomeCourseMember, uniqueEmail } from '../helpers/accounts.js';
import { listMail, waitForMail } from '../helpers/mail-peer.js';
import { RunningClock, ownSite } from '../helpers/own-site.js';
import { expectNoSeriousA11yViolations, screenshotBoth } from '../helpers/page-checks.js';
import { closeContexts } from '../helpers/contexts.js';

test.describe.configure({ mode: 'default' });

const clock = new RunningClock();
const site = ownSite('nudges-unsubscribe', { clock });

test(
  'a section-unlocked e-mail arrives once and its link unsubscribes',
  { tag: '@phone' },
  async ({ browser }, testInfo) => {
    test.setTimeout(240_000);
    const width = testInfo.project.use.viewport?.width ?? 1280;
    const context = await site.context(browser, width);
    const page = await context.newPage();
    const email = uniqueEmail('nudge', testInfo.project.name);
    await becomeCourseMember(page, email);

    clock.advance(DAY + MINUTE);
    const isUnlock = (message: { subject: string }) => message.subject.startsWith('New section unlocked:');
    const mail = await waitForMail(email, { where: isUnlock, timeoutMs: 60_000 });
    const link = /\/unsubscribe\/[A-Za-z0-9_-]{43}\?kind=section-unlocked/.exec(mail.text)?.[0];
    expect(link).toBeDefined();

    // A visitor's browser (a mail client's link): no session needed; opening changes nothing.
    const visitorContext = await site.context(browser, width);
    const visitor = await visitorContext.newPage();
    await visitor.goto(link!);
    await expect(
      visitor.getByRole('heading', { name: 'Stop these e-mails: New section unlocked?' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(visitor, testInfo, 'unsubscribe');
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(visitor.getByText('You are unsubscribed from "New section unlocked".')).toBeVisible();
    await screenshotBoth(visitor, testInfo, 'unsubscribe');
    await visitor.goto(link!.replace(/\/unsubscribe\/[^?]+/, `/unsubscribe/${'A'.repeat(43)}`));
    await expect(visitor.getByRole('heading', { name: 'This unsubscribe link is not valid' })).toBeVisible();
    await closeContexts(visitorContext);

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
    await expect(
      page.getByRole('region', { name: /notifications/i }).getByText('Preferences saved'),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'New section unlocked' })).toBeChecked();
    expect((await listMail(email)).filter(isUnlock)).toHaveLength(1);
    await closeContexts(context);
  },
);
