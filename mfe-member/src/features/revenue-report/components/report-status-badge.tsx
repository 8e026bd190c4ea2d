/**
 * A report's status: Submitted, Verified, Paid or Overdue (docs/decisions.md, 20), and 'Estimated' (or
 * 'Estimate closed') beside it on an estimate for a month not reported (docs/decisions.md, 104).
 */
import { ESTIMATE_LABELS, type ReportStatus } from '@platform/contracts';
import { Badge } from '@platform/ui';
import { REPORT_STATUS_LABELS, REPORT_STATUS_TONES } from '../lib/report-history';

export function ReportStatusBadge({
  status,
  estimate = null,
}: {
  status: ReportStatus;
  estimate?: 'open' | 'closed' | null;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge variant={REPORT_STATUS_TONES[status]} data-testid="report-status">
        {REPORT_STATUS_LABELS[status]}
      </Badge>
      {estimate ? (
        <Badge variant="outline" data-testid="report-estimated">
          {estimate === 'closed' ? ESTIMATE_LABELS.closed : ESTIMATE_LABELS.estimated}
        </Badge>
      ) : null}
    </span>
  );
}
