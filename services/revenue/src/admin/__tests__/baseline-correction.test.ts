/**
 * The admin's correction of an owner's baseline on the real service (docs/decisions.md, 25;
 * docs/behaviour/revenue-share.md#correcting-a-baseline): who may call, the 400s that change nothing, the
 * record of each change (old and new value, reason, admin, time) in `baseline_changes`, and that reports
 * submitted after a correction use the new baseline while earlier ones keep theirs.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  BaselineChangeListSchema,
  CorrectBaselineResponseSchema,
  REVENUE_ADMIN_MESSAGES,
  REVENUE_CONSENT_MESSAGES,
} from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import { asc, eq } from 'drizzle-orm';
import { baselineChanges } from '../../db/schema.js';
import { expectAdminChange } from '../../__tests__/admin-changes.js';
import { backings, json, user, type UserCaller, useClockedOwner } from '../../__tests__/harness.js';

describe.each(backings())('correcting a baseline on $name', (factory) => {
  const { revenue, clock, owner, support } = useClockedOwner(factory, {
    agreedAt: '2029-12-20',
    baselineNetRevenue: 200_000,
  });

  const correct = (caller: UserCaller | null, customerId: string, body: unknown) =>
    revenue.requestBy(caller, `/api/admin/revenue-customers/${customerId}/baseline`, json(body));
  const history = (caller: UserCaller | null, customerId: string) =>
    revenue.requestBy(caller, `/api/admin/revenue-customers/${customerId}/baseline-changes`);
  const rows = (planUserId: string) =>
    revenue.service.deps.db
      .select()
      .from(baselineChanges)
      .where(eq(baselineChanges.userId, planUserId))
      .orderBy(asc(baselineChanges.changedAt));
  const customerOf = async (id: string) =>
    (await revenue.customers()).find((customer) => customer.id === id)!;

  describe('who may call', () => {
    it('answers visitors 401, free accounts and owners 403, and records nothing', async () => {
      const body = { baselineNetRevenue: 150_000, reason: 'Owner sent last year’s tax return' };
      expect((await correct(null, owner.userId, body)).status).toBe(401);
      expect((await history(null, owner.userId)).status).toBe(401);
      for (const caller of [user(), owner]) {
        const refused = await correct(caller, owner.userId, body);
        expect(refused.status).toBe(403);
        expect(await refused.json()).toEqual({ message: 'Access denied' });
        expect((await history(caller, owner.userId)).status).toBe(403);
      }
      expect(await rows(owner.userId)).toEqual([]);
      expect((await customerOf(owner.userId)).baselineNetRevenue).toBe(200_000);
    });

    it('lets the admin in: 200 for a customer, 404 for an unknown or malformed one', async () => {
      const listed = await history(support, owner.userId);
      expect(listed.status).toBe(200);
      expect(BaselineChangeListSchema.parse(await listed.json())).toEqual([]);
      for (const id of [randomUUID(), 'not%20an%20id']) {
        const unknown = await correct(support, id, { baselineNetRevenue: 1, reason: 'Typo' });
        expect(unknown.status).toBe(404);
        expect(await unknown.json()).toEqual({ message: REVENUE_ADMIN_MESSAGES.customerNotFound });
        expect((await history(support, id)).status).toBe(404);
      }
    });
  });

  describe('what it refuses', () => {
    const longReason = 'x'.repeat(501);
    it.each([
      [
        'a negative baseline',
        { baselineNetRevenue: -1, reason: 'Typo' },
        REVENUE_CONSENT_MESSAGES.baselinePositive,
      ],
      [
        'a fraction of a cent',
        { baselineNetRevenue: 10.5, reason: 'Typo' },
        REVENUE_CONSENT_MESSAGES.baselineWhole,
      ],
      [
        'dollars as text',
        { baselineNetRevenue: '1500', reason: 'Typo' },
        REVENUE_CONSENT_MESSAGES.baselineWhole,
      ],
      ['no baseline', { reason: 'Typo' }, REVENUE_CONSENT_MESSAGES.baselineWhole],
      [
        'too large a baseline',
        { baselineNetRevenue: 1e12, reason: 'Typo' },
        REVENUE_CONSENT_MESSAGES.baselineTooLarge,
      ],
      ['no reason', { baselineNetRevenue: 150_000 }, REVENUE_ADMIN_MESSAGES.reasonRequired],
      [
        'a blank reason',
        { baselineNetRevenue: 150_000, reason: '   \n ' },
        REVENUE_ADMIN_MESSAGES.reasonRequired,
      ],
      [
        'a reason of 501 characters',
        { baselineNetRevenue: 150_000, reason: longReason },
        REVENUE_ADMIN_MESSAGES.reasonTooLong,
      ],
      [
        'a control character',
        { baselineNetRevenue: 150_000, reason: 'Typo\u0000' },
        'Please remove the unsupported characters (such as control characters).',
      ],
      [
        'the baseline the owner has',
        { baselineNetRevenue: 200_000, reason: 'Typo' },
        'The baseline is already $2,000.00',
      ],
    ])('refuses %s with a 400 and changes nothing', async (_case, body, message) => {
      const response = await correct(support, owner.userId, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message });
      expect(await rows(owner.userId)).toEqual([]);
      expect((await customerOf(owner.userId)).baselineNetRevenue).toBe(200_000);
    });

    it('takes a reason of exactly 500 characters (and trims it)', async () => {
      const other = user();
      await revenue.consent(other, 0);
      const reason = 'y'.repeat(500);
      const response = await correct(support, other.userId, {
        baselineNetRevenue: 1,
        reason: `  ${reason} `,
      });
      expect(response.status).toBe(200);
      expect(CorrectBaselineResponseSchema.parse(await response.json()).change.reason).toBe(reason);
    });
  });

  describe('a correction', () => {
    let before: string;

    /** The owner's report of a month with a net of $10,000.00, submitted `at`, which must be accepted. */
    async function submitMonth(at: string, periodStart: string, periodEnd: string) {
      clock.set(at);
      const { status, body } = await revenue.reportPeriod(owner, periodStart, periodEnd, {
        gross: 1_000_000,
      });
      expect(status).toBe(200);
      return body.report as { id: string };
    }

    it('leaves the reports submitted before it as they were', async () => {
      const report = await submitMonth('2030-03-03T10:00:00.000Z', '2030-02-01', '2030-02-28');
      before = report.id;
      expect(report).toMatchObject({
        baselineNetRevenue: 200_000,
        revenueIncrease: 800_000,
        shareOwed: 80_000,
      });
    });

    it('is recorded with the old and new values, the reason, the admin and the time', async () => {
      clock.set('2030-03-10T09:30:00.000Z');
      const response = await correct(support, owner.userId, {
        baselineNetRevenue: 450_000,
        reason: 'Bank statements show a higher average for last year',
      });
      const answer = await expectAdminChange(
        response,
        CorrectBaselineResponseSchema,
        'Reports submitted from now on use a baseline of $4,500.00.',
        {
          customerId: owner.userId,
          oldBaselineNetRevenue: 200_000,
          newBaselineNetRevenue: 450_000,
          reason: 'Bank statements show a higher average for last year',
          changedBy: support.userId,
          changedAt: '2030-03-10T09:30:00.000Z',
        },
      );
      expect(answer.customer).toMatchObject({
        id: owner.userId,
        baselineNetRevenue: 450_000,
        reportsSubmitted: 1,
      });

      const [row, ...more] = await rows(owner.userId);
      expect(more).toEqual([]);
      expect(row).toMatchObject({
        id: answer.change.id,
        userId: owner.userId,
        oldBaselineNetRevenue: 200_000,
        newBaselineNetRevenue: 450_000,
        reason: 'Bank statements show a higher average for last year',
        changedBy: support.userId,
        changedAt: new Date('2030-03-10T09:30:00.000Z'),
      });
      expect((await customerOf(owner.userId)).baselineNetRevenue).toBe(450_000);
      const mine = await revenue.myReports(owner);
      expect(mine.plan?.baselineNetRevenue).toBe(450_000);
    });

    it('applies to the reports submitted after it; earlier reports keep their baseline and share', async () => {
      const after = await submitMonth('2030-04-02T08:00:00.000Z', '2030-03-01', '2030-03-31');
      expect(after).toMatchObject({
        baselineNetRevenue: 450_000,
        revenueIncrease: 550_000,
        shareOwed: 55_000,
      });
      const reports = await revenue.adminReports();
      expect(reports.find((report) => report.id === before)).toMatchObject({
        baselineNetRevenue: 200_000,
        revenueIncrease: 800_000,
        shareOwed: 80_000,
      });
    });

    it('keeps every change, newest first, and may bring the baseline back to 0', async () => {
      clock.advance(DAY);
      const response = await correct(support, owner.userId, {
        baselineNetRevenue: 0,
        reason: 'Entered in the wrong currency',
      });
      expect(response.status).toBe(200);
      const listed = BaselineChangeListSchema.parse(await (await history(support, owner.userId)).json());
      expect(
        listed.map((change) => [change.oldBaselineNetRevenue, change.newBaselineNetRevenue, change.reason]),
      ).toEqual([
        [450_000, 0, 'Entered in the wrong currency'],
        [200_000, 450_000, 'Bank statements show a higher average for last year'],
      ]);
      expect(await rows(owner.userId)).toHaveLength(2);
      expect((await customerOf(owner.userId)).baselineNetRevenue).toBe(0);
    });
  });
});
