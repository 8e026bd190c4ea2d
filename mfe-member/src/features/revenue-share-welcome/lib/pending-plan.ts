/**
 * A signed-out visitor of the welcome page: the plan is kept in browser storage under the key the sign-in
 * pages read (docs/behaviour/accounts.md#where-to-go-after-signing-in), so signing in brings them back here.
 * The same key and value as the public remote's sign-in pages; remotes share no code, only the words.
 */

export const PENDING_PLAN_KEY = 'pending_plan_selection';
export const REVENUE_SHARE_PLAN = 'revenue_share';

/** Keeps the revenue-share plan for after sign-in; storage that refuses (private mode, quota) is ignored. */
export function keepPendingRevenueSharePlan(storage: Pick<Storage, 'setItem'> | null | undefined): boolean {
  try {
    storage?.setItem(PENDING_PLAN_KEY, REVENUE_SHARE_PLAN);
    return storage != null;
  } catch {
    return false;
  }
}
