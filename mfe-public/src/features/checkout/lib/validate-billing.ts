/**
 * The checkout's submit check (docs/behaviour/checkout-and-payments.md#billing-form-checks): the required
 * fields in order, then the e-mail pattern. The first failure becomes a toast and the page focuses and marks
 * that field.
 */
import {
  BillingInfoSchema,
  CHECKOUT_EMAIL_PATTERN,
  CHECKOUT_MESSAGES,
  CHECKOUT_REQUIRED_FIELDS,
} from '@platform/contracts';
import type { BillingInfo, BillingInfoInput } from '@platform/contracts';

export type BillingField = keyof BillingInfo;

/** What the form holds: every field a string (Company may be empty). */
export type BillingFormValues = Required<{ [Field in keyof BillingInfoInput]: string }>;

/** The checkout form: the billing fields and the payment method. */
export type CheckoutFormValues = BillingFormValues & { method: 'card' | 'paypal' };

export const EMPTY_BILLING: BillingFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  company: '',
  taxId: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  country: 'US',
};

export type BillingCheck =
  { ok: true; billing: BillingInfo } | { ok: false; field: BillingField; title: string; description: string };

export function checkBilling(values: BillingFormValues): BillingCheck {
  for (const field of CHECKOUT_REQUIRED_FIELDS) {
    if (!values[field].trim()) {
      return {
        ok: false,
        field,
        title: CHECKOUT_MESSAGES.missingTitle,
        description: CHECKOUT_MESSAGES.missing(field),
      };
    }
  }
  if (!CHECKOUT_EMAIL_PATTERN.test(values.email.trim())) {
    return {
      ok: false,
      field: 'email',
      title: CHECKOUT_MESSAGES.invalidEmailTitle,
      description: CHECKOUT_MESSAGES.invalidEmail,
    };
  }
  // The same schema the server checks with: lengths and the country code, with its messages.
  const parsed = BillingInfoSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = (issue?.path[0] ?? 'country') as BillingField;
    return {
      ok: false,
      field,
      title: CHECKOUT_MESSAGES.missingTitle,
      description: issue?.message ?? CHECKOUT_MESSAGES.countryRequired,
    };
  }
  return { ok: true, billing: parsed.data };
}
