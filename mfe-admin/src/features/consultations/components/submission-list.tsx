/** The left column: every submission (newest first) as a button, with a status filter. */
import { Label, cn } from '@platform/ui';
import { ConsultationStatusBadge, formatConsultationDate } from '@platform/ui/consultation-status';
import type { AdminConsultation } from '../api/get-consultations';
import {
  STATUS_FILTERS,
  countByStatus,
  filterByStatus,
  getStatusFilterLabel,
} from '../lib/consultation-status';
import type { StatusFilter } from '../lib/consultation-status';
import { getDisplayBusinessName } from '../lib/review-rules';

type SubmissionListProps = {
  submissions: readonly AdminConsultation[];
  selectedId: string | null;
  filter: StatusFilter;
  onFilterChange: (filter: StatusFilter) => void;
  onSelect: (id: string) => void;
};

export function SubmissionList({
  submissions,
  selectedId,
  filter,
  onFilterChange,
  onSelect,
}: SubmissionListProps) {
  const counts = countByStatus(submissions);
  const shown = filterByStatus(submissions, filter);

  return (
    <section aria-labelledby="submissions-heading" className="min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="submissions-heading" className="text-xl font-semibold tracking-tight">
          Submissions <span className="text-base font-normal text-muted-foreground">({counts.all})</span>
        </h2>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="status-filter">Status</Label>
          <select
            id="status-filter"
            value={filter}
            onChange={(event) => onFilterChange(event.target.value as StatusFilter)}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
          >
            {STATUS_FILTERS.map((option) => (
              <option key={option} value={option}>
                {getStatusFilterLabel(option)} ({counts[option]})
              </option>
            ))}
          </select>
        </div>
      </div>

      {shown.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          {submissions.length === 0 ? 'No consultation submissions yet.' : 'No submissions with this status.'}
        </p>
      ) : (
        <ul className="mt-4 space-y-2" aria-label="Consultation submissions">
          {shown.map((submission) => {
            const selected = submission.id === selectedId;
            return (
              <li key={submission.id}>
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => onSelect(submission.id)}
                  data-testid="submission-item"
                  className={cn(
                    'flex w-full flex-col gap-1 rounded-lg border p-3 text-left transition-colors',
                    'outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
                    selected
                      ? 'border-primary bg-accent text-accent-foreground'
                      : 'border-border bg-card hover:bg-muted',
                  )}
                >
                  <span className="flex w-full items-start justify-between gap-2">
                    <span className="min-w-0 font-medium break-words">
                      {getDisplayBusinessName(submission)}
                    </span>
                    <ConsultationStatusBadge status={submission.status} />
                  </span>
                  <span className={cn('text-sm', selected ? '' : 'text-muted-foreground')}>
                    {submission.ownerName}
                  </span>
                  <span className={cn('text-xs', selected ? '' : 'text-muted-foreground')}>
                    {formatConsultationDate(submission.submittedAt) ?? 'No date'}
                    {submission.confirmedAt ? '' : ' · not completed by the owner'}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
