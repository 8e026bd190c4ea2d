/**
 * What a row says after a save (docs/behaviour/course-studio.md#messages): the server's message when it sent
 * one, else the fixed failure text; field issues go beside their fields.
 */
import { ApiError, getServerMessage, toast } from '@platform/ui';
import { COURSE_EDITOR_COPY } from './course-editor-copy';
import { issueField } from './lesson-form';

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  /** `conflict`: refused because another tab or admin saved the row first (409); the row can be reloaded. */
  | { kind: 'failed'; message: string; conflict?: boolean };

export function failureMessage(error: unknown, fallback: string): string {
  return getServerMessage(error) ?? fallback;
}

/** Whether the save was refused because the row changed since the form was loaded (409). */
export function isSaveConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/**
 * What the admin had typed that differs from the row as reloaded (its `version` aside): kept on screen after
 * a reload, so nothing typed is lost.
 */
export function typedChanges<Values extends Record<string, unknown>>(
  typed: Values,
  reloaded: Values,
): Partial<Values> {
  const changes: Partial<Values> = {};
  for (const key of Object.keys(typed) as Array<keyof Values>) {
    if (key !== 'version' && typed[key] !== reloaded[key]) changes[key] = typed[key];
  }
  return changes;
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

/** Runs a deletion the admin confirmed and says how it went in a toast; true when it was done. */
export async function deleteWithToast(remove: () => Promise<unknown>, done: string): Promise<boolean> {
  try {
    await remove();
    toast({ title: done, variant: 'success' });
    return true;
  } catch (failure) {
    toast({
      title: 'Error',
      description: failureMessage(failure, COURSE_EDITOR_COPY.deleteFailed),
      variant: 'destructive',
    });
    return false;
  }
}
