/**
 * Revenue-share reminders → e-mails over a real SMTP peer: each kind says what to do and by when, names
 * the months or the shares, links to the page that does it, greets the owner, and is sent once per event;
 * the owner's name is escaped in HTML.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { RevenueReminderRequested } from '@platform/contracts';
import { backings, envelope } from '../../__tests__/harness.js';
import { useMailSuite } from '../../__tests__/mail-suite.js';

const BASE_URL = 'https://restaurant.example.com';

function reminder(overrides: Partial<RevenueReminderRequested>) {
  return envelope('revenue.reminder.requested', {
    reminderId: randomUUID(),
    userId: randomUUID(),
    email: `owner-${randomBytes(3).toString('hex')}@example.com`,
    firstName: 'Rosa',
    kind: 'consultation-24h',
    trigger: 'automatic',
    months: [],
    shares: [],
    requestedAt: new Date().toISOString(),
    ...overrides,
  });
}

/** A March 2030 share of $1,000.00, due May 11, 2030. */
const marchShare = () => ({
  reportId: randomUUID(),
  periodStart: '2030-03-01',
  periodEnd: '2030-03-31',
  amountDue: 100_000,
  dueDate: '2030-05-11T10:00:00.000Z',
});

describe.each(backings())('revenue-share reminders over SMTP on $name', (factory) => {
  const { peer, notification, sendTwice } = useMailSuite(factory, { PUBLIC_BASE_URL: BASE_URL });

  /** The e-mail the reminder sends, published twice (a repeat sends nothing more); earlier mail is forgotten. */
  async function sendOne(event: ReturnType<typeof reminder>) {
    peer.received.length = 0;
    const [mail] = await sendTwice(event);
    const settled = await notification.settledMessagesFor(event.id);
    expect(settled).toEqual([expect.objectContaining({ template: 'revenue-reminder', status: 'sent' })]);
    expect(mail!.recipients).toEqual([event.data.email]);
    return mail!.parsed;
  }

  it('nudges for the consultation with the link to /consultation', async () => {
    const mail = await sendOne(reminder({ kind: 'consultation-24h', firstName: 'Rosa <b>' }));
    expect(mail.subject).toBe('Unlock the whole course: send us your restaurant consultation');
    expect(mail.text).toContain('Hi Rosa <b>,');
    expect(mail.text).toContain('modules 2 to 8 open at once');
    expect(mail.text).toContain(`\n${BASE_URL}/consultation\n`);
    expect(String(mail.html)).toContain(`href="${BASE_URL}/consultation"`);
    expect(String(mail.html)).toContain('Rosa &lt;b&gt;');
    expect(String(mail.html)).toContain('max-width:560px');
  });

  it('asks for the month’s report, then says it is late, with the date and the link', async () => {
    const march = { periodStart: '2030-03-01', periodEnd: '2030-03-31' };
    const upcoming = await sendOne(reminder({ kind: 'report-upcoming', step: -3, months: [march] }));
    expect(upcoming.subject).toBe('March 2030 ends in 3 days: your revenue report comes next');
    expect(upcoming.text).toContain(
      'March 2030 ends on March 31, 2030. From the next day you can report its revenue; please send it by April 10, 2030.',
    );
    expect(upcoming.text).toContain(`\n${BASE_URL}/revenue-report\n`);
    const due = await sendOne(reminder({ kind: 'report-due', months: [march] }));
    expect(due.subject).toBe('Time to report your revenue for March 2030');
    expect(due.text).toContain(
      'It is time to report your revenue for March 2030 (March 1, 2030 to March 31, 2030). Please send it by April 10, 2030.',
    );
    expect(due.text).toContain(`\n${BASE_URL}/revenue-report\n`);
    const late = await sendOne(reminder({ kind: 'report-overdue', months: [march] }));
    expect(late.subject).toBe('Your revenue report for March 2030 is late');
    expect(late.text).toContain('which was due by April 10, 2030');
    const several = await sendOne(
      reminder({
        kind: 'report-admin',
        trigger: 'admin',
        months: [march, { periodStart: '2030-04-01', periodEnd: '2030-04-30' }],
      }),
    );
    expect(several.subject).toBe('A reminder to report your monthly revenue');
    expect(several.text).toContain('March 2030: due by April 10, 2030');
    expect(several.text).toContain('April 2030: due by May 10, 2030');
  });

  it('lists the shares due, with the total, before and after the due date', async () => {
    const share = {
      reportId: randomUUID(),
      periodStart: '2030-03-01',
      periodEnd: '2030-03-31',
      amountDue: 123_457,
      dueDate: '2030-05-11T00:00:00.001Z',
    };
    const upcoming = await sendOne(reminder({ kind: 'payment-upcoming', shares: [share] }));
    expect(upcoming.subject).toBe('Your revenue share of $1,234.57 is due on May 11, 2030');
    expect(upcoming.text).toContain('March 1, 2030 to March 31, 2030: $1,234.57, due May 11, 2030');
    expect(upcoming.text).toContain('Total to pay: $1,234.57');
    expect(upcoming.text).toContain(`\n${BASE_URL}/revenue-report\n`);
    const today = await sendOne(reminder({ kind: 'payment-due', step: 0, shares: [share] }));
    expect(today.subject).toBe('Your revenue share of $1,234.57 is due today');
    expect(today.text).toContain('Total to pay: $1,234.57');
    const overdue = await sendOne(reminder({ kind: 'payment-overdue', shares: [share] }));
    expect(overdue.subject).toBe('Your revenue share of $1,234.57 is overdue');
    const fromAdmin = await sendOne(
      reminder({
        kind: 'payment-admin',
        trigger: 'admin',
        shares: [share, { ...share, reportId: randomUUID(), amountDue: 1 }],
      }),
    );
    expect(fromAdmin.subject).toBe('A reminder: $1,234.58 in revenue share is due');
  });

  it('announces the charge to the card on file once, with the card, the amount and the date, asking for no payment', async () => {
    const share = marchShare();
    const notice = await sendOne(
      reminder({
        kind: 'payment-card-notice',
        step: -3,
        shares: [share],
        card: { brand: 'Visa', last4: '4242' },
      }),
    );
    expect(notice.subject).toBe('We will charge your card ending 4242 on May 11, 2030');
    expect(notice.text).toContain(
      'On May 11, 2030 we will charge $1,000.00 to your Visa ending 4242 for your revenue share for March 1, 2030 to March 31, 2030.',
    );
    expect(notice.text).toContain('no need to pay by link');
    expect(notice.text).not.toContain('Total to pay');
  });

  it('says a declined card is charged again on the next date, or not again after the last attempt', async () => {
    const share = marchShare();
    const retried = await sendOne(reminder({ kind: 'payment-collection-failed', step: 1, shares: [share] }));
    expect(retried.subject).toBe('We could not charge your card for your revenue share of $1,000.00');
    expect(retried.text).toContain('We will try again on May 14, 2030.');
    expect(retried.text).toContain(`\n${BASE_URL}/revenue-report\n`);
    const stopped = await sendOne(reminder({ kind: 'payment-collection-stopped', step: 4, shares: [share] }));
    expect(stopped.text).toContain('We will not try this card again.');
    expect(stopped.text).not.toContain('try again on');
  });
});
