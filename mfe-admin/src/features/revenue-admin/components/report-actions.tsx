/** What the admin can do with one report: Verify (not verified yet), Mark Paid (verified, unpaid), Send Reminder. */
import type { AdminRevenueReport } from '@platform/contracts';
import { MarkPaidDialog } from './mark-paid-dialog';
import { SendReminderDialog } from './send-reminder-dialog';
import { VerifyReportButton } from './verify-report-button';

export function ReportActions({ report }: { report: AdminRevenueReport }) {
  return (
    <div className="flex flex-wrap gap-2">
      {!report.verified ? <VerifyReportButton reportId={report.id} /> : null}
      {report.verified && !report.sharePaid ? <MarkPaidDialog report={report} /> : null}
      <SendReminderDialog
        customerId={report.userId}
        recipient={{ name: report.userName, email: report.userEmail }}
        defaultType={report.verified ? 'payment' : 'report'}
      />
    </div>
  );
}
