/** A report's status: Submitted, Verified, Paid or Overdue (docs/decisions.md, 20). */
import type { ReportStatus } from '@platform/contracts';
import { Badge } from '@platform/ui';
import { REPORT_STATUS_LABELS, REPORT_STATUS_TONES } from '../lib/report-history';

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  return (
    <Badge variant={REPORT_STATUS_TONES[status]} data-testid="report-status">
      {REPORT_STATUS_LABELS[status]}
    </Badge>
  );
}
