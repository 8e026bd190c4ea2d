/**
 * A form's call whose refusal is an outcome the form shows, not an exception: an OK answer resolves as
 * `{ ok: true }`, a refusal as its `RefusedOutcome`; it rejects only when there is no answer (network down).
 */
import { ApiError } from './api-error';
import type { RefusedOutcome } from './api-error';
import { apiRequest } from './api-request';

export type SentOutcome = { ok: true } | RefusedOutcome;

export async function sendForOutcome(method: string, url: string, data: unknown): Promise<SentOutcome> {
  try {
    await apiRequest(method, url, data);
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, ...error.toFailure() };
    throw error;
  }
}
