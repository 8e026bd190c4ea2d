/**
 * The payment ladder knows the card on file (docs/decisions.md, 112): the payment service announces each
 * save, replacement and removal (`payment.saved-card.changed`, numbered per owner), and while a card is on
 * file a verified share gets one notice 3 days before its due date ('we will charge your card ending 4242
 * on …') instead of the pay-by-link reminders; declines get the collection's own e-mails; a removed card,
 * or a collection that ended without charging, brings the pay-by-link ladder back. An attempt that took
 * nothing ('not-needed') is followed by the next one, like a decline, but unannounced. Redelivered and
 * late events change nothing.
 */
import { describe, expect, it } from '@jest/globals';
import { ReminderLadderSchema } from '@platform/contracts';
import { DAY, MINUTE } from '@platform/service-kit/clock';
import { envelope } from '@platform/service-kit/testing';
import {
  admin,
  backings,
  paidShareOrder,
  useClockedRevenue,
  verifiedShareIn,
  type CollectionRequest,
  type UserCaller,
} from '../../__tests__/harness.js';
import { COLLECTION_JOB, REMINDERS_JOB } from '../../jobs.js';

const VISA_4242 = { brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2040 };

describe.each(backings())('reminders with a card on file on $name', (factory) => {
  const { revenue, clock } = useClockedRevenue(factory, { quiet: true });

  /** A verified February share of $1,000.00, due April 2, 10:00, in a year of its own. */
  let year = 2040;
  const verifiedShare = () => verifiedShareIn(revenue, clock, (year += 1));

  const cardChange = (owner: UserCaller, sequence: number, card: typeof VISA_4242 | null) =>
    envelope('payment.saved-card.changed', {
      userId: owner.userId,
      card,
      sequence,
      changedAt: clock.now().toISOString(),
    });

  /** Moves the clock to `days` after the due date (and a minute) and runs both jobs. */
  async function runAt(due: Date, days: number) {
    clock.set(new Date(due.getTime() + days * DAY + MINUTE).toISOString());
    expect(await revenue.service.jobs.runNow(COLLECTION_JOB)).toMatchObject({ ran: true, ok: true });
    expect(await revenue.service.jobs.runNow(REMINDERS_JOB)).toMatchObject({ ran: true, ok: true });
  }

  const ladderOf = async (owner: UserCaller) => {
    const response = await revenue.requestAs(owner, '/api/revenue-reminders');
    expect(response.status).toBe(200);
    return ReminderLadderSchema.parse(await response.json());
  };

  it('sends one notice of the charge to the card instead of any pay-by-link reminder', async () => {
    const { owner, reportId, due } = await verifiedShare();
    await revenue.deliverEnvelope(cardChange(owner, 1, VISA_4242));

    await runAt(due, -3);
    await runAt(due, -2);
    const [notice] = (await revenue.remindersOf(owner)).filter((reminder) =>
      reminder.kind.startsWith('payment-'),
    );
    expect(await revenue.paymentRemindersOf(owner)).toEqual([['payment-card-notice', -3]]);
    expect(notice).toMatchObject({
      card: { brand: 'Visa', last4: '4242' },
      shares: [{ reportId, amountDue: 100_000, dueDate: due.toISOString() }],
    });

    // What the owner and the admin see coming: the charge itself, on the due date.
    const before = await ladderOf(owner);
    expect(before.sent.map((entry) => entry.label)).toContain(
      'Share for February 2041: notice that your card on file will be charged on the due date',
    );
    expect(before.next).toContainEqual({
      kind: 'card-charge',
      trigger: 'automatic',
      step: null,
      label: 'Share for February 2041: charged to your Visa ending 4242',
      at: due.toISOString(),
    });
    expect(before.next.filter((entry) => entry.kind.startsWith('payment-'))).toEqual([]);
    const theirs = await revenue.requestAs(admin(), `/api/admin/revenue-customers/${owner.userId}/reminders`);
    expect(ReminderLadderSchema.parse(await theirs.json()).next).toEqual(before.next);

    // On the due date the card is charged; while the answer is awaited no "please pay" comes.
    await runAt(due, 0);
    await runAt(due, 3);
    await runAt(due, 7);
    expect((await revenue.collectionRequests(reportId)).map((request) => request.attempt)).toEqual([1]);
    expect(await revenue.paymentRemindersOf(owner)).toEqual([['payment-card-notice', -3]]);
  });

  it('brings the pay-by-link ladder back when the card is removed before the due date', async () => {
    const { owner, due } = await verifiedShare();
    await revenue.deliverEnvelope(cardChange(owner, 1, VISA_4242));
    await runAt(due, -3);
    clock.set(new Date(due.getTime() - DAY).toISOString());
    await revenue.deliverEnvelope(cardChange(owner, 2, null));

    const ladder = await ladderOf(owner);
    expect(ladder.next.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(['payment-due', 'payment-overdue']),
    );
    expect(ladder.next.map((entry) => entry.kind)).not.toContain('card-charge');

    await runAt(due, 0);
    await runAt(due, 3);
    expect(await revenue.paymentRemindersOf(owner)).toEqual([
      ['payment-card-notice', -3],
      ['payment-due', 0],
      ['payment-overdue', 3],
    ]);
  });

  it('keeps the newest card change: a redelivered or late "saved" does not bring back a removed card', async () => {
    const { owner, due } = await verifiedShare();
    const saved = cardChange(owner, 1, VISA_4242);
    const removed = cardChange(owner, 2, null);
    // Out of order: the removal arrives first, the save it replaced after it, then both again.
    await revenue.deliverEnvelope(removed);
    await revenue.deliverEnvelope(saved);
    await revenue.deliverEnvelope(saved);
    await revenue.deliverEnvelope(removed);
    // The same save, published again under another id, is still older than the removal.
    await revenue.deliverEnvelope(cardChange(owner, 1, VISA_4242));

    await runAt(due, -3);
    expect(await revenue.paymentRemindersOf(owner)).toEqual([['payment-upcoming', -3]]);

    // A newer card (the owner saved another) counts again, the one now on file named.
    await revenue.deliverEnvelope(cardChange(owner, 3, { ...VISA_4242, last4: '0341' }));
    const ladder = await ladderOf(owner);
    expect(ladder.next.map((entry) => entry.label)).toContain(
      'Share for February 2043: charged to your Visa ending 0341',
    );
    await runAt(due, 0);
    expect(await revenue.paymentRemindersOf(owner)).toEqual([['payment-upcoming', -3]]);
  });

  it('e-mails the declines of a failing card, and asks to pay by link once the card is not tried again', async () => {
    const { owner, reportId, due } = await verifiedShare();
    await revenue.deliverEnvelope(cardChange(owner, 1, VISA_4242));
    await runAt(due, -3);
    await runAt(due, 0);
    await revenue.collectionFailed((await revenue.collectionRequests(reportId))[0]!, 'declined');

    const retrying = await ladderOf(owner);
    expect(retrying.next).toContainEqual(
      expect.objectContaining({
        kind: 'card-charge',
        label: 'Share for February 2044: charged again (attempt 2) to your Visa ending 4242',
        at: new Date(due.getTime() + 3 * DAY).toISOString(),
      }),
    );

    await runAt(due, 3);
    expect((await revenue.collectionRequests(reportId)).map((request) => request.attempt)).toEqual([1, 2]);
    expect(await revenue.paymentRemindersOf(owner)).toEqual([
      ['payment-card-notice', -3],
      ['payment-collection-failed', 1],
    ]);

    // A hard decline ends the collection: the share is paid by link, with the ladder's rung current now.
    await revenue.collectionFailed((await revenue.collectionRequests(reportId))[1]!, 'hard-decline');
    await runAt(due, 3);
    expect(await revenue.paymentRemindersOf(owner)).toEqual([
      ['payment-card-notice', -3],
      ['payment-collection-failed', 1],
      ['payment-collection-stopped', 2],
      ['payment-overdue', 3],
    ]);
    const after = await ladderOf(owner);
    expect(after.next.map((entry) => entry.kind)).not.toContain('card-charge');
    expect(after.next.map((entry) => [entry.kind, entry.step])).toContainEqual(['payment-overdue', 7]);
  });

  /** How the payment service answers an attempt that leaves part of the share owed. */
  const partAnswers = [
    {
      answer: 'took nothing (nothing due, or refunded)',
      // Each attempt asks for the whole share again.
      amounts: [100_000, 100_000, 100_000, 100_000],
      respond: (owner: UserCaller, request: CollectionRequest) =>
        revenue.deliver('payment.share-collection.failed', {
          collectionId: request.collectionId,
          reportId: request.reportId,
          userId: owner.userId,
          attempt: request.attempt,
          reason: 'not-needed',
          message: 'The charge was refunded.',
          failedAt: clock.now().toISOString(),
        }),
    },
    {
      answer: 'charged only part (the share raised since, the payment service not yet told)',
      amounts: [100_000, 60_000, 50_000, 40_000],
      respond: (owner: UserCaller, request: CollectionRequest) =>
        revenue.deliver(
          'payment.order.paid',
          paidShareOrder({
            owner,
            reportId: request.reportId,
            total: request.attempt === 1 ? 40_000 : 10_000,
            paidAt: clock.now(),
            collection: request,
          }),
        ),
    },
  ];

  it.each(partAnswers)(
    'charges again on the next dates after attempts that $answer, and asks to pay by link after the last',
    async ({ amounts, respond }) => {
      const { owner, reportId, due } = await verifiedShare();
      await revenue.deliverEnvelope(cardChange(owner, 1, VISA_4242));
      await runAt(due, -3);
      await runAt(due, 0);
      const answerLatest = async () => respond(owner, (await revenue.collectionRequests(reportId)).at(-1)!);

      await answerLatest();
      expect((await ladderOf(owner)).next).toContainEqual(
        expect.objectContaining({
          kind: 'card-charge',
          label: expect.stringMatching(
            /^Share for February \d{4}: charged again \(attempt 2\) to your Visa ending 4242$/,
          ),
          at: new Date(due.getTime() + 3 * DAY).toISOString(),
        }),
      );
      for (const days of [3, 7, 14]) {
        await runAt(due, days);
        await answerLatest();
      }
      expect(
        (await revenue.collectionRequests(reportId)).map((request) => [request.attempt, request.amount]),
      ).toEqual(amounts.map((amount, index) => [index + 1, amount]));
      // No decline e-mail on the way; once the last attempt left something owed, it is paid by link.
      await runAt(due, 14);
      expect(await revenue.paymentRemindersOf(owner)).toEqual([
        ['payment-card-notice', -3],
        ['payment-overdue', 14],
      ]);
      expect((await ladderOf(owner)).next.map((entry) => entry.kind)).not.toContain('card-charge');
    },
  );
});
