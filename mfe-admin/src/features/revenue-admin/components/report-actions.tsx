/**
 * What the admin can do with one report: Verify (not verified yet), Mark Paid (verified, unpaid), Resolve
 * dispute (an open dispute), Send Reminder, History (its audit trail).
 */
import type { AdminRevenueReport } from '@platform/contracts';
import { MarkPaidDialog } from './mark-paid-dialog';
import { ReportHistoryDialog } from './report-history-dialog';
import { ResolveDisputeDialog } from './resolve-dispute-dialog';
import { SendReminderDialog } from './send-reminder-dialog';
import { VerifyReportButton } from './verify-report-button';

export function ReportActions({ report }: { report: AdminRevenueReport }) {
  return (
    <div className="flex flex-wrap gap-2">
      {!report.verified ? <VerifyReportButton reportId={report.id} /> : null}
      {report.verified && !report.sharePaid ? <MarkPaidDialog report={report} /> : null}
      {report.dispute?.status === 'open' ? <ResolveDisputeDialog report={report} /> : null}
      <SendReminderDialog
        customerId={report.userId}
        recipient={{ name: report.userName, email: report.userEmail }}
        defaultType={report.verified ? 'payment' : 'report'}
      />
      <ReportHistoryDialog report={report} />
    </div>
  );
}
