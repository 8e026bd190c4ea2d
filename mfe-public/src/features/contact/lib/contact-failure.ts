/** What a refused or failed contact message shows: the server's words, beside the field they concern. */
import { CONTACT_MESSAGES } from '@platform/contracts';
import type { ContactRequest } from '@platform/contracts';
import type { ApiFailure } from '@platform/ui';
import { CONTACT_FAILURE } from './contact-copy';

export const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'restaurantName',
  'subject',
  'message',
] as const satisfies readonly (keyof ContactRequest)[];
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Which field a contract message belongs to ('Message must be at least 10 characters' → message). */
function fieldOfMessage(message: string): ContactField | null {
  for (const [key, text] of Object.entries(CONTACT_MESSAGES)) {
    if (text !== message) continue;
    const field = CONTACT_FIELDS.find((name) => key === name || key === `${name}TooLong`);
    if (field) return field;
    if (key === 'phoneTooLong') return 'phone';
  }
  return null;
}

export type ContactFailure = {
  title: string;
  description: string;
  fieldErrors: { field: ContactField; message: string }[];
};

/** null failure: no answer came (network). */
export function describeContactFailure(failure: ApiFailure | null): ContactFailure {
  if (!failure)
    return { title: CONTACT_FAILURE.title, description: CONTACT_FAILURE.network, fieldErrors: [] };
  const fieldErrors = new Map<ContactField, string>();
  for (const issue of failure.issues) {
    const field = CONTACT_FIELDS.find((name) => name === issue.path);
    if (field && !fieldErrors.has(field)) fieldErrors.set(field, issue.message);
  }
  if (fieldErrors.size === 0 && failure.message) {
    const field = fieldOfMessage(failure.message);
    if (field) fieldErrors.set(field, failure.message);
  }
  const useServerWords = failure.status < 500 && failure.message;
  return {
    title: CONTACT_FAILURE.title,
    description: useServerWords ? failure.message! : CONTACT_FAILURE.fallback,
    fieldErrors: [...fieldErrors].map(([field, message]) => ({ field, message })),
  };
}
