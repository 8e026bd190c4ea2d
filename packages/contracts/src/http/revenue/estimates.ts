/**
 * Estimates for missing reports (docs/decisions.md, 104; docs/behaviour/revenue-share.md#estimates): the
 * rule's figures, shared by the revenue service and the pages.
 */

/** A month without a report this many days after it ended gets an estimate. */
export const ESTIMATE_AFTER_DAYS = 14;
/** The estimate is the average increase of at most this many of the owner's latest real reports. */
export const ESTIMATE_HISTORY_REPORTS = 3;

/**
 * The average of the increases (cents), rounded half up to the cent; null without any (no history, no
 * estimate).
 */
export function averageIncrease(increases: number[]): number | null {
  if (increases.length === 0) return null;
  const total = increases.reduce((sum, increase) => sum + increase, 0);
  return Math.floor((2 * total + increases.length) / (2 * increases.length));
}

/** The estimate's note, as the owner and the admin read it. */
export function estimateNote(reportsAveraged: number): string {
  return `Estimated: no report arrived within ${ESTIMATE_AFTER_DAYS} days of the month's end. The increase is the average of your last ${reportsAveraged === 1 ? 'report' : `${reportsAveraged} reports`}. Report the month to replace it.`;
}
