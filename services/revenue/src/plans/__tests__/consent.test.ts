/**
 * `POST /api/revenue-share-consent` on the real service: the consent rules and their messages
 * (docs/behaviour/revenue-share.md#welcome-and-consent-page), the
 * plan it records (10 %, baseline, 30-day implementation period from the service clock), the event in the
 * outbox, and a second consent that changes nothing.
 */
import { describe, expect, it } from '@jest/globals';
import {
  MyRevenueReportsSchema,
  REVENUE_CONSENT_MESSAGES,
  RevenueShareConsentResponseSchema,
} from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import { backings, json, useClockedRevenue, user } from '../../__tests__/harness.js';

describe.each(backings())('revenue-share consent on $name', (factory) => {
  const { revenue, clock } = useClockedRevenue(factory, { at: '2030-03-10T15:00:00.000Z' });

  const consentAs = (caller: ReturnType<typeof user>, body: unknown) =>
    revenue.requestAs(caller, '/api/revenue-share-consent', json(body));

  it('refuses visitors', async () => {
    const response = await revenue.request('/api/revenue-share-consent', json({ consentToTerms: true }));
    expect(response.status).toBe(401);
  });

  it.each([
    ['no consent', {}, REVENUE_CONSENT_MESSAGES.consentRequired],
    ['consent false', { consentToTerms: false }, REVENUE_CONSENT_MESSAGES.consentRequired],
    ['consent as text', { consentToTerms: 'true' }, REVENUE_CONSENT_MESSAGES.consentRequired],
    ['other terms', { consentToTerms: true, termsVersion: 'v0.9' }, REVENUE_CONSENT_MESSAGES.termsVersion],
    [
      'a negative baseline',
      { consentToTerms: true, baselineNetRevenue: -1 },
      REVENUE_CONSENT_MESSAGES.baselinePositive,
    ],
    [
      'a baseline in fractions of a cent',
      { consentToTerms: true, baselineNetRevenue: 10.5 },
      REVENUE_CONSENT_MESSAGES.baselineWhole,
    ],
    [
      'a baseline as text',
      { consentToTerms: true, baselineNetRevenue: '1000' },
      REVENUE_CONSENT_MESSAGES.baselineWhole,
    ],
  ])('refuses %s with a clear 400', async (_case, body, message) => {
    const owner = user();
    const response = await consentAs(owner, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message });
    const mine = MyRevenueReportsSchema.parse(
      await (await revenue.requestAs(owner, '/api/revenue-reports')).json(),
    );
    expect(mine.plan).toBeNull();
  });

  it('records the plan and announces it once; consenting again changes nothing', async () => {
    const owner = user();
    const first = await consentAs(owner, { consentToTerms: true, baselineNetRevenue: 1_250_000 });
    expect(first.status).toBe(200);
    const answer = RevenueShareConsentResponseSchema.parse(await first.json());
    expect(answer).toMatchObject({
      success: true,
      message: 'Welcome to Revenue Share!',
      created: true,
      plan: {
        planType: 'revenue_share',
        revenueSharePercentage: 10,
        baselineNetRevenue: 1_250_000,
        termsVersion: 'v1.0',
        consentedAt: '2030-03-10T15:00:00.000Z',
        implementationEndsAt: '2030-04-09T15:00:00.000Z',
        status: 'current',
        amountOwed: 0,
        // The first month to report is the first that starts after the implementation period.
        nextReport: {
          periodStart: '2030-05-01',
          periodEnd: '2030-05-31',
          lateAfter: '2030-06-11T00:00:00.000Z',
        },
      },
    });

    clock.advance(DAY);
    const again = await consentAs(owner, { consentToTerms: true, baselineNetRevenue: 5 });
    expect(again.status).toBe(200);
    const second = RevenueShareConsentResponseSchema.parse(await again.json());
    expect(second.created).toBe(false);
    expect(second.plan).toEqual(answer.plan);

    const events = (await revenue.events('revenue.plan.consented')).filter(
      (event) => event.data.userId === owner.userId,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({
      planId: answer.plan.id,
      userId: owner.userId,
      email: owner.email,
      termsVersion: 'v1.0',
      baselineNetRevenue: 1_250_000,
      revenueSharePercentage: 10,
      consentedAt: '2030-03-10T15:00:00.000Z',
      implementationEndsAt: '2030-04-09T15:00:00.000Z',
    });

    const mine = MyRevenueReportsSchema.parse(
      await (await revenue.requestAs(owner, '/api/revenue-reports')).json(),
    );
    expect(mine).toEqual({ plan: answer.plan, reports: [] });
  });

  it('takes the default terms version and no baseline as 0', async () => {
    const owner = user();
    const response = await consentAs(owner, { consentToTerms: true, baselineNetRevenue: null });
    expect(response.status).toBe(200);
    const { plan } = RevenueShareConsentResponseSchema.parse(await response.json());
    expect(plan).toMatchObject({ termsVersion: 'v1.0', baselineNetRevenue: 0 });
  });
});
