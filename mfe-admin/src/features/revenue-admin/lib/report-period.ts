/** How a report's period reads on the ledger: 'Feb 1 – Feb 28, 2030' (the days as reported, no time zone). */
import type { AdminRevenueReport } from '@platform/contracts';

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const DAY_WITH_YEAR = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export function formatPeriod(
  report: Pick<AdminRevenueReport, 'reportingPeriodStart' | 'reportingPeriodEnd'>,
): string {
  const start = new Date(`${report.reportingPeriodStart}T00:00:00Z`);
  const end = new Date(`${report.reportingPeriodEnd}T00:00:00Z`);
  const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
  return `${(sameYear ? DAY : DAY_WITH_YEAR).format(start)} – ${DAY_WITH_YEAR.format(end)}`;
}
