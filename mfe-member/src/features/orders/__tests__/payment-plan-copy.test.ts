/** Orders & billing's payment plan: which payments 'Pay the overdue instalment now' pays, and how it is said. */
import { describe, expect, it } from '@jest/globals';
import type { PlanInstalment } from '@platform/contracts';
import { overdueOf, overdueOffer } from '../lib/payment-plan-copy';

const instalment = (number: number, amount: number, state: PlanInstalment['state']): PlanInstalment => ({
  number,
  amount,
  state,
  dueAt: '2030-03-10T12:00:00.000Z',
  paidAt: null,
  lastFailure: null,
  nextAttemptAt: null,
});

describe('the overdue payments of a plan', () => {
  it('counts the payments due or overdue, not those paid or scheduled', () => {
    const plan = {
      instalments: [
        instalment(1, 53_233, 'paid'),
        instalment(2, 53_233, 'due'),
        instalment(3, 53_234, 'scheduled'),
      ],
    };
    expect(overdueOf(plan)).toEqual({ numbers: [2], amount: 53_233 });
    expect(overdueOffer('$532.33', [2], 3)).toBe(
      'Payment 2 of 3 ($532.33) is overdue: you can pay it now with this card.',
    );
  });

  it('names every payment due, and none on schedule', () => {
    const late = {
      instalments: [
        instalment(1, 53_233, 'paid'),
        instalment(2, 53_233, 'overdue'),
        instalment(3, 53_234, 'due'),
      ],
    };
    expect(overdueOf(late)).toEqual({ numbers: [2, 3], amount: 106_467 });
    expect(overdueOffer('$1,064.67', [2, 3], 3)).toBe(
      'Payments 2 and 3 of 3 ($1,064.67) are overdue: you can pay them now with this card.',
    );
    expect(
      overdueOf({ instalments: [instalment(1, 53_233, 'paid'), instalment(2, 53_233, 'scheduled')] }),
    ).toEqual({
      numbers: [],
      amount: 0,
    });
  });
});
