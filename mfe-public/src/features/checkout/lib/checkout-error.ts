/**
 * The checkout's internal errors (spec §8): the server's own text or the spec's fixed messages. They are
 * logged for whoever debugs; the buyer sees the 'Payment Failed' toast.
 */

export class CheckoutError extends Error {
  override name = 'CheckoutError';
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
  }
}

/** The `message` of an `apiRequest` error's JSON body (`"400: {\"message\":…}"`), if there is one. */
export function readServerMessage(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  try {
    const body: unknown = JSON.parse(match[1] ?? '');
    const message =
      (body as { message?: unknown; error?: unknown } | null)?.message ??
      (body as { error?: unknown } | null)?.error;
    return typeof message === 'string' && message.trim() ? message.trim() : null;
  } catch {
    return null;
  }
}
