/**
 * The checkout's internal errors (docs/behaviour/checkout-and-payments.md#payment-flows): the server's own
 * text or the fixed messages. They are logged for whoever debugs; the buyer sees the 'Payment Failed' toast,
 * except for a refusal meant for them (`readCheckoutRefusal`).
 */
import { CHECKOUT_MESSAGES } from '@platform/contracts';
import { ApiError } from '@platform/ui';

export class CheckoutError extends Error {
  override name = 'CheckoutError';
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
  }
}

/** The server's own text behind a refused call: its `message`, else the `error` a provider-style answer carries. */
export function readServerMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.serverMessage) return error.serverMessage;
  const text = (error.body as { error?: unknown } | null)?.error;
  return typeof text === 'string' && text.trim() ? text.trim() : null;
}

/**
 * The server found this payment's request id on an order made from other values (a price changed
 * meanwhile, or the buyer signed in): the page starts again under a new id.
 */
export function isRequestIdTaken(error: unknown): boolean {
  const cause = error instanceof CheckoutError ? error.cause : error;
  return (
    cause instanceof ApiError &&
    cause.status === 409 &&
    cause.serverMessage === CHECKOUT_MESSAGES.requestIdTaken
  );
}

/**
 * A refusal the buyer should read (docs/behaviour/checkout-and-payments.md#one-per-person): 409, the
 * account already has what it would buy ('owned'), or the payment page of a press a moment earlier is still
 * being made ('wait': nothing failed); 400 or 401, the server's reason ('invalid'). Null otherwise.
 */
export function readCheckoutRefusal(
  error: unknown,
): { kind: 'owned' | 'wait' | 'invalid'; message: string } | null {
  const cause = error instanceof CheckoutError ? error.cause : error;
  if (!(cause instanceof ApiError) || !cause.serverMessage) return null;
  // Pressed twice at once (docs/decisions.md, 121): the first press's page is still being made.
  if (cause.status === 409 && cause.serverMessage === CHECKOUT_MESSAGES.checkoutBeingPrepared)
    return { kind: 'wait', message: cause.serverMessage };
  if (cause.status === 409) return { kind: 'owned', message: cause.serverMessage };
  // 401: only Flexible Payments needs a signed-in buyer, and says so (#payment-plan).
  if (cause.status === 400 || cause.status === 401) return { kind: 'invalid', message: cause.serverMessage };
  return null;
}
