/**
 * The submit of the sign-in, sign-up and set-password forms: the outcome's field issues at their fields
 * and the server's words (or `failed`) in the form's alert; no answer at all says `exception`; an accepted
 * form goes on with `onAccepted`.
 */
import { pickFieldIssues, type RefusedOutcome } from '@platform/ui';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

export function submitAuthForm<Values extends FieldValues, Request>(
  form: UseFormReturn<Values, unknown, Request>,
  options: {
    fields: readonly Path<Values>[];
    send: (request: Request) => Promise<{ ok: true } | RefusedOutcome>;
    copy: { exception: string; failed: string };
    setFormError: (message: string | null) => void;
    onAccepted: (request: Request) => void | Promise<void>;
  },
) {
  return form.handleSubmit(async (request) => {
    options.setFormError(null);
    let outcome;
    try {
      outcome = await options.send(request);
    } catch {
      options.setFormError(options.copy.exception);
      return;
    }
    if (!outcome.ok) {
      for (const { field, message } of pickFieldIssues(outcome.issues, options.fields)) {
        form.setError(field, { message });
      }
      options.setFormError(outcome.message ?? options.copy.failed);
      return;
    }
    await options.onAccepted(request);
  });
}
