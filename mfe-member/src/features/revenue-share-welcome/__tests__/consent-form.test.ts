import { describe, expect, it } from '@jest/globals';
import { REVENUE_CONSENT_MESSAGES } from '@platform/contracts';
import { MONEY_INPUT_MESSAGES } from '@platform/contracts/format';
import { ConsentFormSchema, describeConsentFailure, describeRecordedBaseline } from '../lib/consent-form';
import { PENDING_PLAN_KEY, keepPendingRevenueSharePlan } from '../lib/pending-plan';

describe('revenue-share consent form', () => {
  it('sends the baseline in cents, as typed, 0 when left empty', () => {
    expect(ConsentFormSchema.parse({ baselineNetRevenue: '12,500', consentToTerms: true })).toEqual({
      consentToTerms: true,
      termsVersion: 'v1.0',
      baselineNetRevenue: 1_250_000,
    });
    expect(
      ConsentFormSchema.parse({ baselineNetRevenue: '$30000.75', consentToTerms: true }).baselineNetRevenue,
    ).toBe(3_000_075);
    expect(ConsentFormSchema.parse({ baselineNetRevenue: '', consentToTerms: true })).toEqual({
      consentToTerms: true,
      termsVersion: 'v1.0',
      baselineNetRevenue: 0,
    });
  });

  it('refuses without the box ticked, and a baseline beyond the largest amount, with the server’s words', () => {
    const unticked = ConsentFormSchema.safeParse({ baselineNetRevenue: '', consentToTerms: false });
    expect(unticked.success).toBe(false);
    expect(unticked.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['consentToTerms', REVENUE_CONSENT_MESSAGES.consentRequired],
    ]);
    const huge = ConsentFormSchema.safeParse({ baselineNetRevenue: '9,999,999,999', consentToTerms: true });
    expect(huge.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['baselineNetRevenue', REVENUE_CONSENT_MESSAGES.baselineTooLarge],
    ]);
    const messageOf = (baselineNetRevenue: string) =>
      ConsentFormSchema.safeParse({ baselineNetRevenue, consentToTerms: true }).error?.issues[0]?.message;
    expect(messageOf('30,00')).toBe(MONEY_INPUT_MESSAGES.misplacedComma);
    expect(messageOf('30000.123')).toBe(MONEY_INPUT_MESSAGES.tooManyDecimals);
    expect(messageOf('-30000')).toBe(REVENUE_CONSENT_MESSAGES.baselinePositive);
  });

  it('tells a refusal in the server’s words', () => {
    expect(describeConsentFailure({ message: 'Please reload the page' })).toBe('Please reload the page');
    expect(describeConsentFailure({ message: null })).toBe('Failed to process consent. Please try again.');
    expect(describeConsentFailure(null)).toBe('An error occurred. Please try again.');
  });

  it('names the baseline on file when it is not the one sent, since consent counts once', () => {
    expect(describeRecordedBaseline(300_000, 300_000)).toBeNull();
    expect(describeRecordedBaseline(300_000, 400_000)).toBe(
      'You had already agreed, with a baseline of $3,000.00. It stays as agreed.',
    );
    expect(describeRecordedBaseline(0, 400_000)).toBe(
      'You had already agreed, with a baseline of $0.00. It stays as agreed.',
    );
  });

  it('keeps the revenue-share plan for after sign-in under the sign-in pages’ key', () => {
    const stored = new Map<string, string>();
    expect(keepPendingRevenueSharePlan({ setItem: (key, value) => void stored.set(key, value) })).toBe(true);
    expect(Object.fromEntries(stored)).toEqual({ pending_plan_selection: 'revenue_share' });
    expect(PENDING_PLAN_KEY).toBe('pending_plan_selection');
    const refusing = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(keepPendingRevenueSharePlan(refusing)).toBe(false);
    expect(keepPendingRevenueSharePlan(null)).toBe(false);
  });
});
