/**
 * The submit of an account form: clears the last refusal, sends the values, and shows a new refusal beside
 * the fields the server named, else above the form (`error`, for `AccountFormCard`).
 */
import { useState, type FormEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { reportFailure } from '../lib/report-failure';

export function useAccountSubmit<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  fields: readonly Path<Values>[],
  send: (values: Output) => Promise<void>,
): { error: string | null; onSubmit: (event: FormEvent<HTMLFormElement>) => void } {
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await send(values);
    } catch (failure) {
      reportFailure(failure, fields, (field, message) => form.setError(field, { message }), setError);
    }
  });
  return { error, onSubmit: (event) => void submit(event) };
}
