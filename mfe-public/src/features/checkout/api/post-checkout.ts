/**
 * One checkout call (`POST`): a refusal, or no answer, rejects with a `CheckoutError` in the server's own
 * words, else `failed`; an OK answer resolves with its JSON, null when it is not JSON, for the caller's
 * check of its shape.
 */
import { apiRequest } from '@platform/ui';
import { CheckoutError, readServerMessage } from '../lib/checkout-error';

export async function postCheckout(url: string, body: unknown, failed: string): Promise<unknown> {
  let response: Response;
  try {
    response = await apiRequest('POST', url, body);
  } catch (error) {
    throw new CheckoutError(readServerMessage(error) ?? failed, error);
  }
  return response.json().catch(() => null);
}
