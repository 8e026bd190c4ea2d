/**
 * The save cycle every studio row form shares (docs/behaviour/course-studio.md#messages): the browser's own
 * checks first (each problem beside its field, focus on the first), then the call; a success resets the
 * form to what the server saved and says so; a refusal keeps everything typed, puts the server's field
 * issues beside their fields and its message (or the fixed failure text) beside the Save button and in a
 * toast.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { fieldAria, fieldHintId, toast } from '@platform/ui';
import type { FieldErrors } from './lesson-form';
import { failureMessage, fieldIssues } from './save-outcome';
import type { SaveState } from './save-outcome';

export function useStudioForm<Values extends FieldValues, Field extends Path<Values> & string, Saved>({
  baseId,
  fields,
  defaults,
  check,
  save,
  toValues,
  messages,
  onProblem,
}: {
  /** What the form's element ids start with (`lesson-7`): each field's is `<baseId>-<field>`. */
  baseId: string;
  /** The fields, in the order they appear (the first with a problem gets the focus). */
  fields: readonly Field[];
  defaults: Values;
  check: (values: Values) => FieldErrors<Field>;
  save: (values: Values) => Promise<Saved>;
  toValues: (saved: Saved) => Values;
  messages: { saved: string; failed: string; what: string };
  /** Called with the first field that has a problem, before it is focused (e.g. to reveal it). */
  onProblem?: (field: Field) => void;
}) {
  const form = useForm<Values>({ defaultValues: defaults as DefaultValues<Values> });
  const [state, setState] = useState<SaveState>({ kind: 'idle' });

  const showProblems = (problems: FieldErrors<Field>) => {
    for (const field of fields) {
      const message = problems[field];
      if (message) form.setError(field, { message });
    }
  };

  const submit = form.handleSubmit(async (values) => {
    const problems = check(values);
    const first = fields.find((field) => problems[field]);
    if (first) {
      showProblems(problems);
      onProblem?.(first);
      form.setFocus(first);
      setState({ kind: 'failed', message: problems[first]! });
      return;
    }
    setState({ kind: 'saving' });
    try {
      const saved = await save(values);
      form.reset(toValues(saved));
      setState({ kind: 'saved' });
      toast({ title: messages.saved, variant: 'success' });
    } catch (failure) {
      console.error(`Saving the ${messages.what} failed:`, failure);
      const message = failureMessage(failure, messages.failed);
      showProblems(fieldIssues(failure, fields));
      // Everything typed stays in the form, to correct and save again.
      setState({ kind: 'failed', message });
      toast({ title: 'Error', description: message, variant: 'destructive' });
    }
  });

  const fieldId = (field: Field) => `${baseId}-${field}`;
  const errorOf = (field: Field) => form.getFieldState(field, form.formState).error?.message;
  /** What a field's `FormField` needs: its id and its problem. */
  const fieldProps = (field: Field) => ({ id: fieldId(field), error: errorOf(field) });
  /** What a field's control needs: its id, ARIA (described by its problem and, when `hinted`, its hint) and registration. */
  const controlProps = (field: Field, hinted = false) => ({
    ...fieldAria(fieldId(field), errorOf(field), hinted && fieldHintId(fieldId(field))),
    ...form.register(field),
  });
  return { form, state, setState, submit, fieldProps, controlProps, statusId: `${baseId}-status` };
}
