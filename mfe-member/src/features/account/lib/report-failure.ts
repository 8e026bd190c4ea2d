/** How an account form shows a refusal: beside its fields when the server named them, else above the form. */
import { getServerMessage, showFieldIssues } from '@platform/ui';
import { ACCOUNT_COPY } from './account-copy';

export function reportFailure<Field extends string>(
  failure: unknown,
  fields: readonly Field[],
  showField: (field: Field, message: string) => void,
  showForm: (message: string) => void,
): void {
  if (showFieldIssues(failure, fields, showField)) return;
  showForm(getServerMessage(failure) ?? ACCOUNT_COPY.failed);
}
