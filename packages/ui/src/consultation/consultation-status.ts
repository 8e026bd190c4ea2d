/**
 * How a consultation submission's status and dates read on both the admin consultations page and
 * /my-consultations (docs/behaviour/consultation-and-contact.md#my-consultations): badge colours and labels,
 * newest first, dates in the reader's locale.
 */
import { formatDateTime, parseInstant } from '@platform/contracts/format';

/** Pending yellow, in_review blue, completed green, cancelled red, else grey. */
export type StatusTone = 'yellow' | 'blue' | 'green' | 'red' | 'grey';

export function getStatusTone(status: string): StatusTone {
  switch (status) {
    case 'pending':
      return 'yellow';
    case 'in_review':
      return 'blue';
    case 'completed':
      return 'green';
    case 'cancelled':
      return 'red';
    default:
      return 'grey';
  }
}

/** Badge classes per tone; every pair meets WCAG AA contrast in both themes. */
export const STATUS_TONE_CLASSES: Record<StatusTone, string> = {
  yellow: 'border-transparent bg-warning text-warning-foreground',
  blue: 'border-transparent bg-blue-700 text-white dark:bg-blue-300 dark:text-blue-950',
  green: 'border-transparent bg-success text-success-foreground',
  red: 'border-transparent bg-destructive text-destructive-foreground',
  grey: 'border-transparent bg-secondary text-secondary-foreground',
};

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  in_review: 'In Review',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** 'in_review' → 'In Review'; an unknown value is shown as written, underscores as spaces. */
export function getStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status.replaceAll('_', ' ');
}

/** Newest first by submittedAt; a submission without a date goes last; ties keep their order. */
export function sortNewestFirst<T extends { submittedAt?: string | null }>(list: readonly T[]): T[] {
  const time = (item: T) => {
    const value = item.submittedAt ? Date.parse(item.submittedAt) : Number.NaN;
    return Number.isNaN(value) ? Number.NEGATIVE_INFINITY : value;
  };
  return [...list].sort((a, b) => time(b) - time(a));
}

/** A date and time in the reader's locale and time zone; null when there is none. */
export function formatConsultationDate(
  iso: string | null | undefined,
  locale?: string | readonly string[],
  timeZone?: string,
): string | null {
  const date = parseInstant(iso);
  return date ? formatDateTime(date, { locale, timeZone }) : null;
}
