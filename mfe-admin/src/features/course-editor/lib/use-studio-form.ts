/**
 * The save cycle every studio row form shares (docs/behaviour/course-studio.md#messages): the browser's own
 * checks first (each problem beside its field, focus on the first), then the call; a success resets the
 * form to what the server saved and says so; a refusal keeps everything typed, puts the server's field
 * issues beside their fields and its message (or the fixed failure text) beside the Save button and in a
 * toast. A save refused because another tab or admin saved the row first (409) offers to reload the row: the
 * form then shows what is saved, and what the admin had typed stays on screen beside it (`kept`). A save
 * whose answer was lost (poor Wi-Fi), or pressed again after that and refused as changed, is told as saved
 * when the row as stored now is a later version holding what this form sent (`sameSave`).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { fieldAria, fieldHintId, mayHaveBeenDone, toast } from '@platform/ui';
import { COURSE_EDITOR_COPY } from './course-editor-copy';
import type { FieldErrors } from './lesson-form';
import { failureMessage, fieldIssues, isSaveConflict, typedChanges } from './save-outcome';
import type { SaveState } from './save-outcome';

export function useStudioForm<
  Values extends FieldValues & { version: number },
  Field extends Path<Values> & string,
  Saved,
>({
  baseId,
  fields,
  defaults,
  check,
  save,
  toValues,
  reload,
  sameSave,
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
  /** Reads the row as stored now (undefined when it is gone). */
  reload: () => Promise<Saved | undefined>;
  /**
   * Whether the row as stored holds what the form sent (the version aside): the save's body, compared.
   * `loaded` is the row the form was saving from.
   */
  sameSave: (sent: Values, stored: Values, loaded: Values) => boolean;
  messages: { saved: string; failed: string; what: string };
  /** Called with the first field that has a problem, before it is focused (e.g. to reveal it). */
  onProblem?: (field: Field) => void;
}) {
  const form = useForm<Values>({ defaultValues: defaults as DefaultValues<Values> });
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [kept, setKept] = useState<Partial<Values> | null>(null);
  const [reloading, setReloading] = useState(false);

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
    const loaded = { ...defaults, ...form.formState.defaultValues } as Values;
    const done = (saved: Saved) => {
      form.reset(toValues(saved));
      setState({ kind: 'saved' });
      toast({ title: messages.saved, variant: 'success' });
    };
    try {
      done(await save(values));
    } catch (failure) {
      console.error(`Saving the ${messages.what} failed:`, failure);
      // The answer may have been lost after the server saved: the row as stored now tells.
      // Refused as changed (409): the admin's own earlier save may have made that change.
      const stored = mayHaveBeenDone(failure, [409]) ? await reload().catch(() => undefined) : undefined;
      if (stored !== undefined) {
        const now = toValues(stored);
        if (now.version > values.version && sameSave(values, now, loaded)) {
          done(stored);
          return;
        }
      }
      const message = failureMessage(failure, messages.failed);
      showProblems(fieldIssues(failure, fields));
      // Everything typed stays in the form, to correct and save again.
      setState({ kind: 'failed', message, conflict: isSaveConflict(failure) });
      toast({ title: 'Error', description: message, variant: 'destructive' });
    }
  });

  /** After a conflict: the row as stored now into the form, what was typed kept beside it. */
  const reloadLatest = async () => {
    const typed = form.getValues();
    setReloading(true);
    try {
      const latest = await reload();
      if (latest === undefined) throw new Error(`The ${messages.what} is gone`);
      const stored = toValues(latest);
      const changes = typedChanges(typed, stored);
      form.reset(stored);
      setKept(Object.keys(changes).length > 0 ? changes : null);
      setState({ kind: 'idle' });
    } catch (failure) {
      console.error(`Reloading the ${messages.what} failed:`, failure);
      toast({
        title: 'Error',
        description: failureMessage(failure, COURSE_EDITOR_COPY.reloadFailed),
        variant: 'destructive',
      });
    } finally {
      setReloading(false);
    }
  };

  const fieldId = (field: Field) => `${baseId}-${field}`;
  const errorOf = (field: Field) => form.getFieldState(field, form.formState).error?.message;
  /** What a field's `FormField` needs: its id and its problem. */
  const fieldProps = (field: Field) => ({ id: fieldId(field), error: errorOf(field) });
  /** What a field's control needs: its id, ARIA (described by its problem and, when `hinted`, its hint) and registration. */
  const controlProps = (field: Field, hinted = false) => ({
    ...fieldAria(fieldId(field), errorOf(field), hinted && fieldHintId(fieldId(field))),
    ...form.register(field),
  });
  return {
    form,
    state,
    setState,
    submit,
    fieldProps,
    controlProps,
    statusId: `${baseId}-status`,
    keptId: `${baseId}-kept`,
    reloadLatest,
    reloading,
    kept,
    dismissKept: () => setKept(null),
  };
}

/** What the Save row of a studio form shows (components/studio-form-parts.tsx: StudioSaveRow). */
export type StudioSaveParts<Values extends FieldValues & { version: number }> = Pick<
  ReturnType<typeof useStudioForm<Values, Path<Values> & string, unknown>>,
  'state' | 'statusId' | 'keptId' | 'reloadLatest' | 'reloading' | 'kept' | 'dismissKept'
>;
