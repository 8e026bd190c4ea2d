/**
 * A revenue-share dispute → e-mails over a real SMTP peer: the owner hears it was received, then its
 * outcome (the corrected share when accepted, the admin's reason when rejected); the support inbox hears
 * of each with the link to the ledger. An owner leaving the programme: their confirmation (what stays
 * owed, no report asked for any more) and the support inbox's notice. A redelivered event sends nothing more.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { RevenuePlanLeft, RevenueReportDisputeChanged } from '@platform/contracts';
import { backings, envelope } from '../../__tests__/harness.js';
import { useMailSuite } from '../../__tests__/mail-suite.js';

const BASE_URL = 'https://restaurant.example.com';
const SUPPORT = 'support@restaurant.example.com';

function disputeChanged(overrides: Partial<RevenueReportDisputeChanged>) {
  return envelope('revenue.report.dispute-changed', {
    disputeId: randomUUID(),
    reportId: randomUUID(),
    userId: randomUUID(),
    email: `owner-${randomBytes(3).toString('hex')}@example.com`,
    firstName: 'Rosa',
    status: 'open',
    reason: 'A refund was left out',
    resolution: null,
    periodStart: '2030-02-01',
    periodEnd: '2030-02-28',
    shareOwed: 100_000,
    previousShareOwed: null,
    changedAt: new Date().toISOString(),
    ...overrides,
  });
}

function planLeft(overrides: Partial<RevenuePlanLeft> = {}) {
  return envelope('revenue.plan.left', {
    planId: randomUUID(),
    userId: randomUUID(),
    email: `owner-${randomBytes(3).toString('hex')}@example.com`,
    firstName: 'Rosa',
    lastName: 'Vidal',
    reason: 'No improvement after three months',
    amountOwed: 100_000,
    leftAt: '2030-03-10T09:00:00.000Z',
    ...overrides,
  });
}

describe.each(backings())('revenue-share dispute e-mails over SMTP on $name', (factory) => {
  const { peer, notification, sendTwice } = useMailSuite(factory, {
    PUBLIC_BASE_URL: BASE_URL,
    SUPPORT_EMAIL: SUPPORT,
  });

  /** Publishes the event twice; answers the owner's and the support inbox's mail. */
  async function sendBoth(event: ReturnType<typeof disputeChanged> | ReturnType<typeof planLeft>) {
    const mails = await sendTwice(event, 2);
    const settled = await notification.settledMessagesFor(event.id);
    expect(settled).toHaveLength(2);
    const owner = mails.find((mail) => mail.recipients.includes(event.data.email))!;
    const support = mails.find((mail) => mail.recipients.includes(SUPPORT))!;
    return { owner: owner.parsed, support: support.parsed };
  }

  it('tells the owner the dispute was received and the support inbox that one waits', async () => {
    const { owner, support } = await sendBoth(disputeChanged({}));
    expect(owner.subject).toBe('We received your dispute of a revenue share');
    expect(owner.text).toContain('$1,000.00 share for February 1, 2030 to February 28, 2030');
    expect(owner.text).toContain('do not charge your card on file');
    expect(owner.text).toContain(`${BASE_URL}/revenue-report`);
    expect(support.subject).toContain('Revenue share disputed');
    expect(support.text).toContain('A refund was left out');
    expect(support.text).toContain(`${BASE_URL}/revenue-admin`);
  });

  it('tells both sides the corrected share of an accepted dispute, and the reason of a rejected one', async () => {
    const accepted = await sendBoth(
      disputeChanged({ status: 'accepted', shareOwed: 50_006, previousShareOwed: 100_000, resolution: null }),
    );
    expect(accepted.owner.subject).toBe('Your revenue share dispute was accepted');
    expect(accepted.owner.text).toContain('The share was $1,000.00 and is now $500.06.');
    expect(accepted.support.text).toContain('The share is now $500.06.');
    peer.received.length = 0;

    const rejected = await sendBoth(
      disputeChanged({ status: 'rejected', resolution: 'The bank statement shows the full amount' }),
    );
    expect(rejected.owner.subject).toBe('Your revenue share dispute was reviewed');
    expect(rejected.owner.text).toContain('it stays $1,000.00');
    expect(rejected.owner.text).toContain('The bank statement shows the full amount');
  });

  it('confirms to an owner who left what stays owed, and tells the support inbox who left and why', async () => {
    const event = planLeft();
    const { owner, support } = await sendBoth(event);
    expect(owner.subject).toBe('You left the Premium Success Program');
    expect(owner.text).toContain('What was owed stays owed: $1,000.00 today');
    expect(owner.text).toContain('No report is asked for or taken from now on, and nothing more is charged.');
    expect(owner.text).toContain(
      'Your course access stays as it is: the sections open stay open and the next ones open on their days.',
    );
    expect(owner.text).toContain(`${BASE_URL}/revenue-report`);
    expect(support.subject).toBe(`Left the revenue share program: ${event.data.email}`);
    expect(support.text).toContain('No improvement after three months');
    expect(support.text).toContain('Still owed: $1,000.00. No report is asked for from now on.');
    expect(support.text).toContain(`${BASE_URL}/revenue-admin`);
  });
});
