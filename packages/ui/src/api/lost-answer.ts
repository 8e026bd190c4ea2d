/**
 * A press whose answer may have been lost on poor Wi-Fi (docs/decisions/0120-a-press-whose-answer-was-lost-is-told-by-what-the-server-has.md):
 * the server may have done it, so before a failure is told the page reads the server's state again and,
 * when it holds what was sent, tells the press as done.
 */
import { ApiError } from './api-error';
import { requestParsed, type SchemaPick } from './parse-answer';

/**
 * Whether the server may have done a press the page heard fail: no answer came (a network failure, or a
 * gateway's 5xx), or a refusal in `refusals` that a press sent again after a lost answer meets (a 409
 * 'already …', a 400 'is already …').
 */
export function mayHaveBeenDone(failure: unknown, refusals: readonly number[] = []): boolean {
  if (!(failure instanceof ApiError)) return true;
  return failure.status >= 500 || refusals.includes(failure.status);
}

/** `GET path` past every cache, checked by its schema; null when it fails too (the page stays as it was). */
export async function readNow<T>(path: string, pick: SchemaPick<T>): Promise<T | null> {
  try {
    return await requestParsed('GET', path, undefined, pick);
  } catch {
    return null;
  }
}
