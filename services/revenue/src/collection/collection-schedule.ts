/**
 * When a verified share is charged to the card on file (docs/decisions.md, 89): on its due date, then,
 * after each decline, 3, 7 and 14 days after the due date (the kit's retry ladder); likewise after an
 * attempt that took nothing in the end ('not-needed': its charge refunded, e.g. as more than due after a
 * Mark Paid, or nothing due when it came), or one whose charge paid the share only in part (the share
 * raised meanwhile, or later), for whatever is still owed. No further attempt after a hard decline, without
 * a card (pay by link stays), after the admin refunded a charge (charging again would undo it: pay by
 * link), or while the payment service has not answered the last one.
 */
import { SHARE_COLLECTION_RETRY_DAYS } from '@platform/contracts';
import { dueLadderAttempt, nextLadderAttemptAt } from '@platform/service-kit/jobs';
import type { ShareCollectionRow } from '../db/schema.js';

/**
 * An attempt as the schedule reads it. A charge that succeeds is answered by its payment, not by a failure:
 * `paid` is true once the payment of the attempt's charge (`payment.order.paid` naming its `collectionId`)
 * is recorded.
 */
export type ScheduledAttempt = Pick<ShareCollectionRow, 'attempt' | 'failure'> & { paid?: boolean };

/** An attempt after which the schedule goes on, for whatever is still owed. */
const retryable = (row: ScheduledAttempt) =>
  row.failure === 'declined' || row.failure === 'not-needed' || (row.failure === null && row.paid === true);

/** The attempt due now (1-based), or null. `attempts` are the report's, in any order. */
export function dueCollectionAttempt(dueDate: Date, attempts: ScheduledAttempt[], now: Date): number | null {
  return dueLadderAttempt(
    SHARE_COLLECTION_RETRY_DAYS,
    dueDate,
    attempts.map((row) => ({ attempt: row.attempt, retryable: retryable(row) })),
    now,
  );
}

/** When the attempt after `attempt` is due, or null when `attempt` was the last. */
export function nextCollectionAt(dueDate: Date, attempt: number): Date | null {
  return nextLadderAttemptAt(SHARE_COLLECTION_RETRY_DAYS, dueDate, attempt);
}

/**
 * True when this answer ends the share's automatic collection: no card, a hard decline, a charge the admin
 * refunded, or a decline (or an attempt that took nothing, or paid only part) of the last attempt. What is
 * still owed is then paid by link, with the ladder's payment reminders (docs/decisions.md, 112).
 */
export function endsCollection(row: ScheduledAttempt): boolean {
  if (row.failure === null && !row.paid) return false;
  return !retryable(row) || row.attempt >= SHARE_COLLECTION_RETRY_DAYS.length;
}

/**
 * The share's next charge to the card on file: the attempt on the due date, or the retry after a decline
 * (or an attempt that took nothing, or paid only part); null while an attempt awaits its answer or once the collection ended.
 */
export function nextCollection(
  dueDate: Date,
  attempts: ScheduledAttempt[],
): { attempt: number; at: Date } | null {
  const last = attempts.reduce<(typeof attempts)[number] | null>(
    (latest, row) => (latest && latest.attempt > row.attempt ? latest : row),
    null,
  );
  if (!last) return { attempt: 1, at: dueDate };
  if (!retryable(last) || endsCollection(last)) return null;
  const at = nextCollectionAt(dueDate, last.attempt);
  return at ? { attempt: last.attempt + 1, at } : null;
}
