/**
 * When a verified share is charged to the card on file (docs/decisions.md, 89): on its due date, then,
 * after each decline, 3, 7 and 14 days after the due date. No further attempt after a hard decline,
 * without a card (pay by link stays), or while the payment service has not answered the last one.
 */
import { SHARE_COLLECTION_RETRY_DAYS } from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import type { ShareCollectionRow } from '../db/schema.js';

/** The attempt due now (1-based), or null. `attempts` are the report's, in any order. */
export function dueCollectionAttempt(
  dueDate: Date,
  attempts: Pick<ShareCollectionRow, 'attempt' | 'failure'>[],
  now: Date,
): number | null {
  const last = attempts.reduce<(typeof attempts)[number] | null>(
    (latest, row) => (latest && latest.attempt > row.attempt ? latest : row),
    null,
  );
  if (last && last.failure !== 'declined') return null;
  const next = (last?.attempt ?? 0) + 1;
  const offset = SHARE_COLLECTION_RETRY_DAYS[next - 1];
  if (offset === undefined) return null;
  return now.getTime() >= dueDate.getTime() + offset * DAY ? next : null;
}

/** When the attempt after `attempt` is due, or null when `attempt` was the last. */
export function nextCollectionAt(dueDate: Date, attempt: number): Date | null {
  const offset = SHARE_COLLECTION_RETRY_DAYS[attempt];
  return offset === undefined ? null : new Date(dueDate.getTime() + offset * DAY);
}
