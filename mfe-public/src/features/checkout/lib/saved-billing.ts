/**
 * The billing form survives a failed request, a cancelled provider page and a reload of the tab: it is
 * kept in sessionStorage (this tab only, gone when the tab closes) from the first submit until the
 * confirmation page has granted access.
 */
import { readStoredJson, removeStored, sessionStore, writeStoredJson } from '../../../lib/web-storage';
import type { KeyValueStorage } from '../../../lib/web-storage';
import { EMPTY_BILLING } from './validate-billing';
import type { BillingFormValues } from './validate-billing';

export const SAVED_BILLING_KEY = 'checkout_billing_info';

export function readSavedBilling(storage: KeyValueStorage | null = sessionStore()): BillingFormValues | null {
  const parsed = readStoredJson(storage, SAVED_BILLING_KEY);
  if (typeof parsed !== 'object' || parsed === null) return null;
  const values = { ...EMPTY_BILLING };
  for (const key of Object.keys(EMPTY_BILLING) as (keyof BillingFormValues)[]) {
    const value = (parsed as Record<string, unknown>)[key];
    if (typeof value === 'string') values[key] = value.slice(0, 300);
  }
  return values;
}

export function saveBilling(
  values: BillingFormValues,
  storage: KeyValueStorage | null = sessionStore(),
): void {
  writeStoredJson(storage, SAVED_BILLING_KEY, values);
}

export function clearSavedBilling(storage: KeyValueStorage | null = sessionStore()): void {
  removeStored(storage, SAVED_BILLING_KEY);
}

/** The form's first values: what this tab typed before, else the signed-in user's name and e-mail. */
export function getInitialBilling(
  saved: BillingFormValues | null,
  user: { firstName?: string | null; lastName?: string | null; email?: string | null } | null,
): BillingFormValues {
  if (saved) return saved;
  return {
    ...EMPTY_BILLING,
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
  };
}
