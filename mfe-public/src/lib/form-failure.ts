/** How a refused form says why: the server's words beside the fields they concern, and a toast. */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '@platform/ui';

/** Marks each field the failure names (focusing the first) and shows the failure's toast. */
export function showFormFailure<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  failure: { title: string; description: string; fieldErrors: { field: Path<Values>; message: string }[] },
): void {
  for (const { field, message } of failure.fieldErrors) setError(field, { message }, { shouldFocus: true });
  toast({ title: failure.title, description: failure.description, variant: 'destructive' });
}
