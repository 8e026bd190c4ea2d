import { describe, expect, it } from '@jest/globals';
import { averageIncrease, type RevenueAuditEntry } from '@platform/contracts';
import { actorLabel, changedFields, changeLabel } from '../lib/audit-entry';

const entry = (overrides: Partial<RevenueAuditEntry>): RevenueAuditEntry => ({
  id: '6f1c1d2e-4b5a-4c3d-9e8f-0a1b2c3d4e5f',
  entity: 'report',
  entityId: 'r1',
  action: 'corrected',
  reportId: '6f1c1d2e-4b5a-4c3d-9e8f-0a1b2c3d4e60',
  userId: 'owner-1',
  actor: 'admin-1',
  at: '2030-06-16T10:00:00.000Z',
  before: null,
  after: null,
  reason: null,
  ...overrides,
});

describe('a report history entry', () => {
  it('says who: the system, the owner or the admin', () => {
    expect(actorLabel(entry({ actor: 'system' }))).toBe('System');
    expect(actorLabel(entry({ actor: 'owner-1' }))).toBe('Owner');
    expect(actorLabel(entry({ actor: 'admin-1' }))).toBe('Admin');
  });

  it('names the change in words', () => {
    expect(changeLabel(entry({ entity: 'estimate', action: 'created' }))).toBe('Estimate created');
    expect(changeLabel(entry({ entity: 'payment', action: 'recorded-offline' }))).toBe(
      'Payment recorded offline',
    );
    expect(changeLabel(entry({ entity: 'reminder', action: 'sent:payment-due' }))).toBe(
      'Reminder sent: payment due',
    );
  });

  it('lists the fields that changed, amounts in dollars, bookkeeping left out', () => {
    expect(
      changedFields(
        entry({
          before: { shareOwed: 80_000, netRevenue: 900_000, verified: true, updatedAt: 'a' },
          after: { shareOwed: 30_000, netRevenue: 400_000, verified: true, updatedAt: 'b' },
        }),
      ),
    ).toEqual(['Share: $800.00 → $300.00', 'Net: $9,000.00 → $4,000.00']);
  });

  it('lists what a new record holds, without its empty fields', () => {
    expect(
      changedFields(entry({ after: { shareOwed: 80_000, estimated: true, estimateClosedAt: null } })),
    ).toEqual(['Share: $800.00', 'Estimated: yes']);
  });
});

describe('the estimate rule', () => {
  it('averages the increases, half up to the cent; none without history', () => {
    expect(averageIncrease([1_000_000, 600_000, 800_001])).toBe(800_000);
    expect(averageIncrease([1, 2])).toBe(2);
    expect(averageIncrease([5])).toBe(5);
    expect(averageIncrease([])).toBeNull();
  });
});
