/**
 * Where to go after signing in or signing up (docs/behaviour/accounts.md#where-to-go-after-signing-in): a
 * plan chosen before signing in waits in browser storage under two keys; the pricing and revenue-share pages
 * pick it up from there.
 */
import type { KeyValueStorage } from '../../../lib/web-storage';

export const PENDING_PLAN_KEY = 'pending_plan_selection';
export const PENDING_PLAN_FROM_LOGIN_KEY = 'pending_plan_from_login';
export const REVENUE_SHARE_PLAN = 'revenue_share';

/** The success toast shows for 1 s before the page changes. */
export const AUTH_REDIRECT_DELAY_MS = 1000;

/** The part of `Storage` these rules use, so tests can pass a plain object. */
export type PlanStorage = KeyValueStorage;

export type AuthRedirect = { to: string; delayMs: number };

// Storage can throw (disabled cookies, a full quota); a pending plan is a convenience, never a blocker.
function readItem(storage: PlanStorage, key: string): string | null {
  try {
    const value = storage.getItem(key);
    return value && value.trim() ? value.trim() : null;
  } catch {
    return null;
  }
}

function tryStorage(action: () => void): void {
  try {
    action();
  } catch {
    // see readItem
  }
}

function clearPendingPlan(storage: PlanStorage): void {
  tryStorage(() => storage.removeItem(PENDING_PLAN_KEY));
  tryStorage(() => storage.removeItem(PENDING_PLAN_FROM_LOGIN_KEY));
}

/** The pending plan under either key (the plan-selection key first), or null. */
export function readPendingPlan(storage: PlanStorage): string | null {
  return readItem(storage, PENDING_PLAN_KEY) ?? readItem(storage, PENDING_PLAN_FROM_LOGIN_KEY);
}

/** Where the support admin lands after signing in (docs/decisions.md, 30). */
export const ADMIN_HOME_PATH = '/admin';

/**
 * After login: the admin (role `admin`) goes to the admin home, and a plan left pending is cleared (the
 * admin buys nothing). Anyone else: a pending plan is cleared and decides the page (revenue share → its
 * welcome page, any other plan → /pricing); without one, /dashboard. `role` is the signed-in user's, or
 * null when it could not be read.
 */
export function takeRedirectAfterLogin(storage: PlanStorage, role: string | null = null): AuthRedirect {
  if (role === 'admin') {
    clearPendingPlan(storage);
    return { to: ADMIN_HOME_PATH, delayMs: AUTH_REDIRECT_DELAY_MS };
  }
  const plan = readPendingPlan(storage);
  if (plan === null) return { to: '/dashboard', delayMs: AUTH_REDIRECT_DELAY_MS };
  clearPendingPlan(storage);
  return {
    to: plan === REVENUE_SHARE_PLAN ? '/revenue-share-welcome' : '/pricing',
    delayMs: AUTH_REDIRECT_DELAY_MS,
  };
}

/**
 * After sign-up: the plan comes from either key and both are cleared. Revenue share → its welcome page;
 * any other plan is stored again under the plan-selection key for /pricing to finish; none → /dashboard.
 */
export function takeRedirectAfterSignup(storage: PlanStorage): AuthRedirect {
  const plan = readPendingPlan(storage);
  clearPendingPlan(storage);
  if (plan === null) return { to: '/dashboard', delayMs: AUTH_REDIRECT_DELAY_MS };
  if (plan === REVENUE_SHARE_PLAN) return { to: '/revenue-share-welcome', delayMs: AUTH_REDIRECT_DELAY_MS };
  tryStorage(() => storage.setItem(PENDING_PLAN_KEY, plan));
  return { to: '/pricing', delayMs: AUTH_REDIRECT_DELAY_MS };
}
