/**
 * When a verified share is charged to the card on file (docs/decisions.md, 89): on its due date, then,
 * after each decline, 3, 7 and 14 days after the due date (the kit's retry ladder). No further attempt
 * after a hard decline, without a card (pay by link stays), or while the payment service has not answered
 * the last one.
 */
import { SHARE_COLLECTION_RETRY_DAYS } from '@platform/contracts';
import { dueLadderAttempt, nextLadderAttemptAt } from '@platform/service-kit/jobs';
import type { ShareCollectionRow } from '../db/schema.js';

/** The attempt due now (1-based), or null. `attempts` are the report's, in any order. */
export function dueCollectionAttempt(
  dueDate: Date,
  attempts: Pick<ShareCollectionRow, 'attempt' | 'failure'>[],
  now: Date,
): number | null {
  return dueLadderAttempt(
    SHARE_COLLECTION_RETRY_DAYS,
    dueDate,
    attempts.map((row) => ({ attempt: row.attempt, retryable: row.failure === 'declined' })),
    now,
  );
}

/** When the attempt after `attempt` is due, or null when `attempt` was the last. */
export function nextCollectionAt(dueDate: Date, attempt: number): Date | null {
  return nextLadderAttemptAt(SHARE_COLLECTION_RETRY_DAYS, dueDate, attempt);
}

/**
 * True when this answer ends the share's automatic collection: no card, a hard decline, or a decline of the
 * last attempt. The share is then paid by link, with the ladder's payment reminders (docs/decisions.md, 112).
 */
export function endsCollection(row: Pick<ShareCollectionRow, 'attempt' | 'failure'>): boolean {
  if (row.failure === null) return false;
  return row.failure !== 'declined' || row.attempt >= SHARE_COLLECTION_RETRY_DAYS.length;
}

/**
 * The share's next charge to the card on file: the attempt on the due date, or the retry after a decline;
 * null while an attempt awaits its answer or once the collection ended.
 */
export function nextCollection(
  dueDate: Date,
  attempts: Pick<ShareCollectionRow, 'attempt' | 'failure'>[],
): { attempt: number; at: Date } | null {
  const last = attempts.reduce<(typeof attempts)[number] | null>(
    (latest, row) => (latest && latest.attempt > row.attempt ? latest : row),
    null,
  );
  if (!last) return { attempt: 1, at: dueDate };
  if (last.failure !== 'declined' || endsCollection(last)) return null;
  const at = nextCollectionAt(dueDate, last.attempt);
  return at ? { attempt: last.attempt + 1, at } : null;
}
