import { describe, expect, it } from '@jest/globals';
import { STANDING, describeNextReport, showsRevenueShareCard } from '../lib/revenue-card';

describe('dashboard revenue-share card', () => {
  it('shows for every plan status of the revenue-share plan, and no other', () => {
    for (const planStatus of ['rs_pending', 'rs_active', 'rs_blocked']) {
      expect(showsRevenueShareCard({ planStatus })).toBe(true);
    }
    for (const planStatus of ['regular', '', null, undefined]) {
      expect(showsRevenueShareCard({ planStatus })).toBe(false);
    }
    expect(showsRevenueShareCard(null)).toBe(false);
  });

  it('names the month to report and the moment its report becomes late', () => {
    expect(
      describeNextReport(
        { periodStart: '2026-05-01', periodEnd: '2026-05-31', lateAfter: '2026-06-11T00:00:00.000Z' },
        { timeZone: 'America/New_York' },
      ),
    ).toEqual({
      month: 'May 2026',
      period: 'May 1, 2026 – May 31, 2026',
      lateAfterIso: '2026-06-11T00:00:00.000Z',
      lateAfterText: 'Jun 10, 2026, 8:00 PM',
    });
    expect(describeNextReport(null)).toBeNull();
  });

  it('explains that a blocked owner gets new sections again once current', () => {
    expect(STANDING.current.label).toBe('Current');
    expect(STANDING.overdue.label).toBe('Overdue');
    expect(STANDING.blocked).toMatchObject({ label: 'Blocked', tone: 'destructive' });
    expect(STANDING.blocked.text).toContain('New course sections open again once you are current');
  });
});
