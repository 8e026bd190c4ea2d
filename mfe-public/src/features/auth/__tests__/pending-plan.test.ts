import { describe, expect, it } from '@jest/globals';
import { memoryStorage, refusingStorage } from '../../../test/memory-storage';
import {
  AUTH_REDIRECT_DELAY_MS,
  PENDING_PLAN_FROM_LOGIN_KEY,
  PENDING_PLAN_KEY,
  takeRedirectAfterLogin,
  takeRedirectAfterSignup,
} from '../lib/pending-plan';
import type { PlanStorage } from '../lib/pending-plan';

const brokenStorage: PlanStorage = refusingStorage();

describe('after login', () => {
  it('goes to the dashboard after 1 second without a pending plan', () => {
    const storage = memoryStorage();
    expect(takeRedirectAfterLogin(storage)).toEqual({ to: '/dashboard', delayMs: 1000 });
    expect(AUTH_REDIRECT_DELAY_MS).toBe(1000);
  });

  it('sends a pending revenue-share plan to its welcome page and clears it', () => {
    const storage = memoryStorage({ [PENDING_PLAN_KEY]: 'revenue_share' });
    expect(takeRedirectAfterLogin(storage)).toEqual({ to: '/revenue-share-welcome', delayMs: 1000 });
    expect(storage.data.size).toBe(0);
  });

  it('sends any other pending plan to pricing and clears both keys', () => {
    const storage = memoryStorage({
      [PENDING_PLAN_FROM_LOGIN_KEY]: 'self_implementation',
      unrelated: 'kept',
    });
    expect(takeRedirectAfterLogin(storage)).toEqual({ to: '/pricing', delayMs: 1000 });
    expect([...storage.data.keys()]).toEqual(['unrelated']);
  });

  it('treats a blank value as no plan', () => {
    const storage = memoryStorage({ [PENDING_PLAN_KEY]: '  ' });
    expect(takeRedirectAfterLogin(storage).to).toBe('/dashboard');
  });

  it('still signs in when storage is unavailable', () => {
    expect(takeRedirectAfterLogin(brokenStorage)).toEqual({ to: '/dashboard', delayMs: 1000 });
  });

  it('takes the admin to the admin home, even past a pending plan, which it clears', () => {
    expect(takeRedirectAfterLogin(memoryStorage(), 'admin')).toEqual({ to: '/admin', delayMs: 1000 });
    const storage = memoryStorage({ [PENDING_PLAN_KEY]: 'revenue_share', unrelated: 'kept' });
    expect(takeRedirectAfterLogin(storage, 'admin')).toEqual({ to: '/admin', delayMs: 1000 });
    expect([...storage.data.keys()]).toEqual(['unrelated']);
    expect(takeRedirectAfterLogin(brokenStorage, 'admin').to).toBe('/admin');
  });

  it('lets a pending plan win for a normal user, and sends them to the dashboard without one', () => {
    const storage = memoryStorage({ [PENDING_PLAN_KEY]: 'revenue_share' });
    expect(takeRedirectAfterLogin(storage, 'user').to).toBe('/revenue-share-welcome');
    expect(takeRedirectAfterLogin(memoryStorage(), 'user').to).toBe('/dashboard');
  });
});

describe('after sign-up', () => {
  it('goes to the dashboard after 1 second without a plan', () => {
    const storage = memoryStorage();
    expect(takeRedirectAfterSignup(storage)).toEqual({ to: '/dashboard', delayMs: 1000 });
  });

  it('takes revenue share from either key, clears both and opens its welcome page', () => {
    const storage = memoryStorage({
      [PENDING_PLAN_FROM_LOGIN_KEY]: 'revenue_share',
      [PENDING_PLAN_KEY]: '',
    });
    expect(takeRedirectAfterSignup(storage).to).toBe('/revenue-share-welcome');
    expect(storage.data.size).toBe(0);
  });

  it('stores another plan again under the plan-selection key and opens pricing', () => {
    const storage = memoryStorage({ [PENDING_PLAN_FROM_LOGIN_KEY]: 'flexible_payments' });
    expect(takeRedirectAfterSignup(storage).to).toBe('/pricing');
    expect(Object.fromEntries(storage.data)).toEqual({ [PENDING_PLAN_KEY]: 'flexible_payments' });
  });

  it('prefers the plan-selection key when both are set', () => {
    const storage = memoryStorage({
      [PENDING_PLAN_KEY]: 'self_implementation',
      [PENDING_PLAN_FROM_LOGIN_KEY]: 'revenue_share',
    });
    expect(takeRedirectAfterSignup(storage).to).toBe('/pricing');
    expect(Object.fromEntries(storage.data)).toEqual({ [PENDING_PLAN_KEY]: 'self_implementation' });
  });

  it('still finishes when storage is unavailable', () => {
    expect(takeRedirectAfterSignup(brokenStorage).to).toBe('/dashboard');
  });
});
