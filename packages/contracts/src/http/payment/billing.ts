/**
 * The checkout's billing form (docs/behaviour/checkout-and-payments.md#billing-form-checks). The browser
 * checks it field by field in that order and shows the first failure as a toast; the server checks the same
 * schema and answers 400 with the same message.
 */
import { z } from 'zod';
import { plainText, textField } from '../text.js';

export const CHECKOUT_FIELD_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email address',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'ZIP code',
} as const;

/** The order in which the form is checked. */
export const CHECKOUT_REQUIRED_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'address',
  'city',
  'state',
  'zip',
] as const;
export type CheckoutRequiredField = (typeof CHECKOUT_REQUIRED_FIELDS)[number];

export const CHECKOUT_MESSAGES = {
  missingTitle: 'Missing Information',
  missing: (field: CheckoutRequiredField) =>
    `Please enter your ${CHECKOUT_FIELD_LABELS[field].toLowerCase()}.`,
  invalidEmailTitle: 'Invalid Email',
  invalidEmail: 'Please enter a valid email address.',
  emptyCartTitle: 'Cart is empty',
  emptyCart: 'Please add items to your cart before checkout.',
  countryRequired: 'Please choose your country.',
  paymentFailedTitle: 'Payment Failed',
  paymentFailed: 'There was an error processing your payment. Please try again.',
  createSessionFailed: 'Failed to create checkout session',
  invalidSession: 'Invalid session data received from server',
  paypalOrderFailed: 'Failed to create PayPal order',
  paypalApprovalMissing: 'PayPal approval URL not found',
  redirectedTitle: 'Redirected to Stripe',
  redirected: 'Complete your payment in the new window that opened',
  accessGrantedTitle: 'Course Access Granted!',
  accessGranted: 'Welcome email has been sent to your inbox.',
  requestIdInvalid: 'The request id must be a UUID',
  requestIdTaken: 'This request id belongs to another checkout',
  checkoutBeingPreparedTitle: 'Payment Page Almost Ready',
  checkoutBeingPrepared:
    'Your payment page is still being prepared. Please press the button again in a moment.',
} as const;

/** Text, @, text, dot, text. */
export const CHECKOUT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (field: CheckoutRequiredField, max = 200) =>
  textField({
    min: 1,
    max,
    required: CHECKOUT_MESSAGES.missing(field),
    tooLong: `${CHECKOUT_FIELD_LABELS[field]} is too long.`,
  });

/** A missing form reads as its first field missing, the first check of the spec's order. */
export const BillingInfoSchema = z.object(
  {
    firstName: required('firstName', 100),
    lastName: required('lastName', 100),
    email: required('email', 254).regex(CHECKOUT_EMAIL_PATTERN, CHECKOUT_MESSAGES.invalidEmail),
    company: textField({ max: 200, required: 'Company must be text.', tooLong: 'Company is too long.' })
      .optional()
      .default(''),
    /** Printed on the invoice (a business's VAT or tax number); optional. */
    taxId: textField({ max: 50, required: 'Tax ID must be text.', tooLong: 'Tax ID is too long.' })
      .optional()
      .default(''),
    address: required('address'),
    city: required('city', 100),
    state: required('state', 100),
    zip: required('zip', 20),
    /** ISO 3166 alpha-2, default US. */
    country: plainText(
      z
        .string({ error: CHECKOUT_MESSAGES.countryRequired })
        .trim()
        .regex(/^[A-Z]{2}$/, CHECKOUT_MESSAGES.countryRequired),
      { message: CHECKOUT_MESSAGES.countryRequired },
    ).default('US'),
  },
  { error: CHECKOUT_MESSAGES.missing('firstName') },
);
export type BillingInfo = z.infer<typeof BillingInfoSchema>;
export type BillingInfoInput = z.input<typeof BillingInfoSchema>;
