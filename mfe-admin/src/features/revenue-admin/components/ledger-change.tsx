/**
 * What the ledger dialogs' forms share: the form checked by its schema, running a change (the server's
 * words in a toast and the dialog closed on success; a refusal naming fields shown beside them, anything
 * else in a toast) and the reason field kept with a change. A change whose answer was lost (poor Wi-Fi),
 * or pressed again after that and refused as already made, is looked for in the server's state and, when
 * found, told as done.
 */
import type { FormEvent, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { DefaultValues, FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { BASELINE_REASON_MAX } from '@platform/contracts';
import { AsyncForm, FormField, Textarea, mayHaveBeenDone, showFieldIssues, toast } from '@platform/ui';
import { DialogActions } from '@platform/ui/dialog';

/** Looks for the change in the server's state: the words of its success when found, null otherwise. */
export type FindDone = () => Promise<string | null>;

export async function runLedgerChange(
  change: () => Promise<{ message: string }>,
  {
    doneTitle,
    failedText,
    failureLog,
    showRefusal,
    onDone,
    findDone,
  }: {
    doneTitle: string;
    failedText: string;
    /** The console line a failure is logged with. */
    failureLog: string;
    /** Shows a refusal beside its fields; false when it named none. */
    showRefusal: (failure: unknown) => boolean;
    onDone: () => void;
    findDone?: FindDone;
  },
): Promise<void> {
  try {
    const answer = await change();
    toast({ title: doneTitle, description: answer.message, variant: 'success' });
    onDone();
  } catch (failure) {
    // A press again after a lost answer meets 400 'already …' or 409 'no open dispute'.
    const found = findDone && mayHaveBeenDone(failure, [400, 409]) ? await findDone() : null;
    if (found !== null) {
      toast({ title: doneTitle, description: found, variant: 'success' });
      onDone();
      return;
    }
    console.error(failureLog, failure);
    if (showRefusal(failure)) return;
    toast({ title: 'Error', description: failedText, variant: 'destructive' });
  }
}

/** What a ledger form says when its change is done or fails (see runLedgerChange). */
export type LedgerChangeTexts = { doneTitle: string; failedText: string; failureLog: string };

/**
 * A ledger dialog's form: react-hook-form checked by `schema` (the contracts' rules), whose submit runs
 * `change` with the checked values through runLedgerChange. `busy` while it saves.
 */
export function useLedgerForm<Values extends FieldValues, Output>({
  schema,
  defaultValues,
  change,
  texts,
  showRefusal,
  onDone,
  findDone,
}: {
  schema: z.ZodType<Output, Values>;
  defaultValues: DefaultValues<Values>;
  change: (values: Output) => Promise<{ message: string }>;
  texts: LedgerChangeTexts;
  /** Builds the `showRefusal` of runLedgerChange from the form's `setError` (often refusalBeside). */
  showRefusal: (setError: UseFormSetError<Values>) => (failure: unknown) => boolean;
  onDone: () => void;
  /**
   * After a failure that may hide a change made (mayHaveBeenDone): looks for `values` in the server's
   * state read past the cache, as runLedgerChange's `findDone`.
   */
  findDone?: (values: Output) => Promise<string | null>;
}): {
  form: UseFormReturn<Values, unknown, Output>;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  busy: boolean;
} {
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const onSubmit = form.handleSubmit((values) =>
    runLedgerChange(() => change(values), {
      ...texts,
      showRefusal: showRefusal(form.setError),
      onDone,
      findDone: findDone && (() => findDone(values)),
    }),
  );
  return { form, onSubmit, busy: form.formState.isSubmitting };
}

/** Shows a refusal's field issues beside `fields`, focusing the first (a `showRefusal` for runLedgerChange). */
export function refusalBeside<Field extends string>(
  setError: (field: Field, error: { message: string }, options: { shouldFocus: boolean }) => void,
  fields: readonly Field[],
): (failure: unknown) => boolean {
  return (failure) =>
    showFieldIssues(failure, fields, (field, message) => setError(field, { message }, { shouldFocus: true }));
}

/** A ledger dialog's form: its fields, then Cancel and the action, which says `busyLabel` while it saves. */
export function LedgerForm({
  onSubmit,
  busy,
  label,
  busyLabel,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  busy: boolean;
  label: string;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <AsyncForm onSubmit={onSubmit} className="grid gap-4">
      {children}
      <DialogActions busy={busy} label={label} busyLabel={busyLabel} />
    </AsyncForm>
  );
}

/** The `reason` field of a ledger form, kept with its change, with how many of its characters are used. */
export function ReasonField<Values extends FieldValues & { reason: string }, Output>({
  form,
  id,
  keptWith,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  id: string;
  /** 'record', 'change': the hint says what it is kept with. */
  keptWith: string;
}) {
  const reason = 'reason' as Path<Values>;
  const length = (form.watch(reason) as string | undefined)?.length ?? 0;
  const error = form.getFieldState(reason, form.formState).error?.message;
  return (
    <FormField
      id={id}
      label="Reason"
      error={error}
      hint={`Kept with the ${keptWith}. ${length}/${BASELINE_REASON_MAX} characters.`}
    >
      {(aria) => <Textarea {...aria} rows={3} {...form.register(reason)} />}
    </FormField>
  );
}
