/**
 * The admin consultations page's status filter (docs/behaviour/admin.md#admin-consultations-page). The
 * colours, labels, order and dates are shared with /my-consultations through @platform/ui.
 */
import { getStatusLabel } from '@platform/ui/consultation-status';

/** The statuses the filter offers, in the order a submission moves through them. */
export const STATUS_FILTERS = ['all', 'pending', 'in_review', 'completed', 'cancelled'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export function getStatusFilterLabel(filter: StatusFilter): string {
  return filter === 'all' ? 'All statuses' : getStatusLabel(filter);
}

/** The submissions a filter keeps ('all' keeps every one, including unknown statuses). */
export function filterByStatus<T extends { status: string }>(list: readonly T[], filter: StatusFilter): T[] {
  return filter === 'all' ? [...list] : list.filter((item) => item.status === filter);
}

/** How many submissions each filter would show. */
export function countByStatus(list: readonly { status: string }[]): Record<StatusFilter, number> {
  const counts = Object.fromEntries(STATUS_FILTERS.map((filter) => [filter, 0])) as Record<
    StatusFilter,
    number
  >;
  counts.all = list.length;
  for (const item of list) {
    if (item.status in counts && item.status !== 'all') counts[item.status as StatusFilter] += 1;
  }
  return counts;
}
