/**
 * The checkout's internal errors (docs/behaviour/checkout-and-payments.md#payment-flows): the server's own
 * text or the fixed messages. They are logged for whoever debugs; the buyer sees the 'Payment Failed' toast.
 */
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
