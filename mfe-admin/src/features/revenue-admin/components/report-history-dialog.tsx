/**
 * 'History': the report's audit trail (docs/behaviour/revenue-share.md#audit-trail), read when the dialog
 * opens, oldest first: when, who, what changed (before → after) and why.
 */
import { ESTIMATE_LABELS, type AdminRevenueReport, type RevenueAuditEntry } from '@platform/contracts';
import { formatDateTime } from '@platform/contracts/format';
import { Badge, Button, Skeleton } from '@platform/ui';
import { useReportHistory } from '../api/get-report-history';
import { actorLabel, changedFields, changeLabel } from '../lib/audit-entry';
import { formatPeriod } from '../lib/report-period';
import { LedgerActionDialog } from './ledger-action-dialog';

function Entry({ entry }: { entry: RevenueAuditEntry }) {
  const fields = changedFields(entry);
  return (
    <li className="rounded-md border p-2" data-testid="history-entry">
      <p className="flex flex-wrap items-center gap-2 font-medium break-words">
        {changeLabel(entry)}
        <Badge variant="outline">{actorLabel(entry)}</Badge>
      </p>
      <p className="text-muted-foreground">{formatDateTime(entry.at)}</p>
      {fields.length > 0 ? (
        <ul className="mt-1 list-disc pl-5 break-words">
          {fields.map((field) => (
            <li key={field}>{field}</li>
          ))}
        </ul>
      ) : null}
      {entry.reason ? <p className="mt-1 break-words italic">{entry.reason}</p> : null}
    </li>
  );
}

function History({ reportId }: { reportId: string }) {
  const history = useReportHistory(reportId);
  if (history.isPending) return <Skeleton className="h-24 w-full" />;
  if (history.isError) {
    return (
      <div className="grid justify-items-start gap-2 text-sm">
        <p className="text-destructive">{ESTIMATE_LABELS.historyFailed}</p>
        <Button type="button" size="sm" variant="outline" onClick={() => void history.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (history.data.length === 0) {
    return <p className="text-sm text-muted-foreground">{ESTIMATE_LABELS.historyEmpty}</p>;
  }
  return (
    <ol className="max-h-96 space-y-2 overflow-y-auto text-sm" aria-label={ESTIMATE_LABELS.historyTitle}>
      {history.data.map((entry) => (
        <Entry key={entry.id} entry={entry} />
      ))}
    </ol>
  );
}

export function ReportHistoryDialog({ report }: { report: AdminRevenueReport }) {
  return (
    <LedgerActionDialog
      label={ESTIMATE_LABELS.historyButton}
      title={ESTIMATE_LABELS.historyTitle}
      description={`Every change to ${report.userName}'s report for ${formatPeriod(report)}: who, when, before and after, and why.`}
    >
      {() => <History reportId={report.id} />}
    </LedgerActionDialog>
  );
}
