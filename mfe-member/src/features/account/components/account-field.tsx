/** One labelled input of an account form: its error below it and on the input's aria attributes. */
import { FormField, Input } from '@platform/ui';
import type { UseFormRegisterReturn } from 'react-hook-form';

export function AccountField({
  id,
  label,
  error,
  type,
  autoComplete,
  registration,
}: {
  id: string;
  label: string;
  error: string | undefined;
  type?: 'email' | 'password';
  autoComplete: string;
  /** `form.register(name)` of the field. */
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      {(aria) => <Input {...aria} type={type} autoComplete={autoComplete} {...registration} />}
    </FormField>
  );
}
