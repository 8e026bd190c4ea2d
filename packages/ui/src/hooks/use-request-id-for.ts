/**
 * One request id for what a form sends, kept while what it sends stays the same (`key`): sent again after a
 * lost answer, the server recognises the same action and does it once; once anything changes, or after
 * `forget()` (the action is done), a new id. Used by the checkout, the consultation thread and the studio.
 */
import { useRef } from 'react';
import { newRequestId } from '../lib/request-id';

export interface RequestIdFor {
  (key: string): string;
  forget(): void;
}

export function useRequestIdFor(): RequestIdFor {
  const attempt = useRef<{ key: string; requestId: string } | null>(null);
  const requestIdFor = (key: string) => {
    if (attempt.current?.key !== key) attempt.current = { key, requestId: newRequestId() };
    return attempt.current.requestId;
  };
  requestIdFor.forget = () => {
    attempt.current = null;
  };
  return requestIdFor;
}
