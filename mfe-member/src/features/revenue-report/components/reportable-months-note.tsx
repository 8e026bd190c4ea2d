/**
 * 'Months to report' above the report form (docs/behaviour/revenue-share.md#monthly-revenue-report): the
 * owner's first month to report and, until it has ended, when they can report it.
 */
import type { RevenuePlan } from '@platform/contracts';
import { describeReportableMonths } from '../lib/reportable-months';

export function ReportableMonthsNote({ plan, now }: { plan: RevenuePlan; now: Date }) {
  const view = describeReportableMonths(plan, now);
  return (
    <section
      aria-labelledby="reportable-months"
      className="rounded-xl border border-border bg-muted/40 p-4 text-sm sm:p-5"
      data-testid="reportable-months"
    >
      <h2 id="reportable-months" className="font-semibold">
        Months to report
      </h2>
      <p className="mt-1">{view.text}</p>
      {view.waitText ? <p className="mt-1 font-medium">{view.waitText}</p> : null}
    </section>
  );
}
