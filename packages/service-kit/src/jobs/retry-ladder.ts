/**
 * A ladder of attempts at a payment due on a date: the first on the due date, each retry a fixed number of
 * days after it, climbed only while the last attempt ended in a decline worth retrying. A periodic job asks
 * which attempt is due now and records it under a unique (thing, attempt) key, so each attempt is made once
 * whatever the number of replicas (the revenue shares' collection, the payment plans' instalments).
 */
import { DAY } from '../clock.js';

export interface LadderAttempt {
  /** 1-based. */
  attempt: number;
  /** The attempt is over and may be followed by the next one (a soft decline). */
  retryable: boolean;
}

/** The attempt due now (1-based), or null: none left, the last not retryable (or unanswered), or not yet. */
export function dueLadderAttempt(
  ladderDays: readonly number[],
  dueDate: Date,
  attempts: readonly LadderAttempt[],
  now: Date,
): number | null {
  const last = attempts.reduce<LadderAttempt | null>(
    (latest, row) => (latest && latest.attempt > row.attempt ? latest : row),
    null,
  );
  if (last && !last.retryable) return null;
  const next = (last?.attempt ?? 0) + 1;
  const offset = ladderDays[next - 1];
  if (offset === undefined) return null;
  return now.getTime() >= dueDate.getTime() + offset * DAY ? next : null;
}

/** When the attempt after `attempt` is due, or null when `attempt` was the last. */
export function nextLadderAttemptAt(
  ladderDays: readonly number[],
  dueDate: Date,
  attempt: number,
): Date | null {
  const offset = ladderDays[attempt];
  return offset === undefined ? null : new Date(dueDate.getTime() + offset * DAY);
}
