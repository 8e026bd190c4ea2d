/**
 * Which toast a refused step 1 gets, and which field it marks
 * (docs/behaviour/consultation-and-contact.md#step-1-business-information).
 */
import { CONSULTATION_MESSAGES } from '@platform/contracts';
import type { FieldIssue } from '@platform/ui';
import { BUSINESS_INFO_FIELDS } from './draft-storage';
import type { BusinessInfoValues } from './draft-storage';

/** 'Invalid Email' falls back to this text (with its full stop) when the server gave none. */
export const INVALID_EMAIL_FALLBACK = 'Please enter a valid email address.';

export type StepOneFailure = {
  title: string;
  description: string;
  /** Messages to show beside fields (the server's words). */
  fieldErrors: { field: keyof BusinessInfoValues; message: string }[];
};

/**
 * A refusal about the e-mail address ('Please enter a valid business email address' for a disposable one)
 * is 'Invalid Email' with the server's message; anything else is 'Submission Failed'.
 */
export function describeStepOneFailure(
  failure: { status: number; message: string | null; issues: FieldIssue[] } | null,
): StepOneFailure {
  if (!failure || failure.status >= 500 || failure.status === 429) {
    return {
      title: CONSULTATION_MESSAGES.failedTitle,
      description:
        failure?.status === 429 && failure.message
          ? failure.message
          : CONSULTATION_MESSAGES.failedDescription,
      fieldErrors: [],
    };
  }
  const fieldErrors = new Map<keyof BusinessInfoValues, string>();
  for (const issue of failure.issues) {
    const field = BUSINESS_INFO_FIELDS.find((name) => name === issue.path);
    if (field && !fieldErrors.has(field)) fieldErrors.set(field, issue.message);
  }
  const message = failure.message ?? '';
  const isEmailMessage = /e-?mail/i.test(message);
  if (!fieldErrors.size && isEmailMessage) fieldErrors.set('email', message);
  if (fieldErrors.has('email') || isEmailMessage) {
    return {
      title: CONSULTATION_MESSAGES.invalidEmailTitle,
      description: fieldErrors.get('email') ?? (message || INVALID_EMAIL_FALLBACK),
      fieldErrors: [...fieldErrors].map(([field, text]) => ({ field, message: text })),
    };
  }
  // The server names the field in its message only: find the field whose message it is.
  if (!fieldErrors.size && message) {
    const field = BUSINESS_INFO_FIELDS.find(
      (name) => (CONSULTATION_MESSAGES as Record<string, string>)[name] === message,
    );
    if (field) fieldErrors.set(field, message);
  }
  return {
    title: CONSULTATION_MESSAGES.failedTitle,
    description: CONSULTATION_MESSAGES.failedDescription,
    fieldErrors: [...fieldErrors].map(([field, text]) => ({ field, message: text })),
  };
}
