/**
 * The billing form survives a failed request, a cancelled provider page and a reload of the tab: it is
 * kept in sessionStorage (this tab only, gone when the tab closes) from the first submit until the
 * confirmation page has granted access.
 */
import type { AuthUser } from '@platform/ui';
import {
  pickTexts,
  readStoredObject,
  removeStored,
  sessionStore,
  writeStoredJson,
} from '../../../lib/web-storage';
import type { KeyValueStorage } from '../../../lib/web-storage';
import { EMPTY_BILLING } from './validate-billing';
import type { BillingFormValues } from './validate-billing';

export const SAVED_BILLING_KEY = 'checkout_billing_info';

export function readSavedBilling(storage: KeyValueStorage | null = sessionStore()): BillingFormValues | null {
  const parsed = readStoredObject(storage, SAVED_BILLING_KEY);
  if (!parsed) return null;
  const fields = Object.keys(EMPTY_BILLING) as (keyof BillingFormValues)[];
  return { ...EMPTY_BILLING, ...pickTexts(parsed, fields, 300) };
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
export function getInitialBilling(saved: BillingFormValues | null, user: AuthUser | null): BillingFormValues {
  if (saved) return saved;
  return {
    ...EMPTY_BILLING,
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
  };
}
