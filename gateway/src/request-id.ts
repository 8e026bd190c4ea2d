/** One request id per request: the browser's if it looks sane, a new UUID otherwise. */
import { randomUUID } from 'node:crypto';

const SANE_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function chooseRequestId(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
