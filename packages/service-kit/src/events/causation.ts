import { REQUEST_ID_HEADER } from '../identity.js';
import type { EventEnvelope } from './types.js';

/**
 * The headers of an event a handler enqueues because of the one it handles: the handled event's id as
 * `x-causation-id`, and the request id that event carried, if any.
 */
export function causedBy(
  event: EventEnvelope<unknown>,
  headers: Record<string, string>,
): Record<string, string> {
  const requestId = headers[REQUEST_ID_HEADER];
  return { 'x-causation-id': event.id, ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}) };
}
