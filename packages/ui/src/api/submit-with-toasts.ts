/**
 * The submit of a form that sends one request: a refusal with field issues is shown at those fields, one
 * the caller knows (`refused`, true when it showed it) is left to it, any other says `failed` in a toast
 * with the server's words when it has some; success says `sent` in a toast and resets the form when asked.
 */
import type { DefaultValues, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { toastFailure } from '../toast/toast-failure';
import { toast } from '../toast/toast-store';
import { showFieldIssues } from './api-error';

type Note = { title: string; description: string };

export interface SubmitWithToastsOptions<Values extends FieldValues, Request> {
  /** The form's fields the server may name in a 400's issues. */
  fields: readonly Path<Values>[];
  send: (request: Request) => Promise<unknown>;
  /** The toast of a refusal: `description` unless the server says why. */
  failed: Note;
  sent: Note | ((request: Request) => Note);
  /** A refusal the form shows itself (at a field, say): true when it did. */
  refused?: (failure: unknown) => boolean;
  /** The values after success: the form is reset to them; left as typed without. */
  resetTo?: DefaultValues<Values>;
  /** After success and its toast. */
  onSent?: () => void;
}

export function submitWithToasts<Values extends FieldValues, Request>(
  form: UseFormReturn<Values, unknown, Request>,
  options: SubmitWithToastsOptions<Values, Request>,
) {
  return form.handleSubmit(async (request) => {
    try {
      await options.send(request);
    } catch (failure) {
      if (showFieldIssues(failure, options.fields, (field, message) => form.setError(field, { message }))) {
        return;
      }
      if (options.refused?.(failure)) return;
      toastFailure(failure, options.failed.title, options.failed.description);
      return;
    }
    if (options.resetTo) form.reset(options.resetTo);
    const note = typeof options.sent === 'function' ? options.sent(request) : options.sent;
    toast({ ...note, variant: 'success' });
    options.onSent?.();
  });
}
