/**
 * What a row says after a save (docs/behaviour/course-studio.md#messages): the server's message when it sent
 * one, else the fixed failure text; field issues go beside their fields.
 */
import { ApiError, getServerMessage } from '@platform/ui';
import { issueField } from './lesson-form';

export type SaveState =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

export function failureMessage(error: unknown, fallback: string): string {
  return getServerMessage(error) ?? fallback;
}

/** The server's field issues that name one of the form's fields (the first per field). */
export function fieldIssues<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  if (!(error instanceof ApiError) || error.status !== 400) return found;
  for (const issue of error.issues) {
    const field = issueField(issue.path, fields);
    if (field && found[field] === undefined) found[field] = issue.message;
  }
  return found;
}
