/**
 * The ledger dialogs' money field (the one MoneyInput, labelled and bound to a field of the dialog's form,
 * with its hint and the field's problem, checked as soon as the admin leaves it).
 */
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { MoneyInputRules } from '@platform/contracts/format';
import { FormField, MoneyInput } from '@platform/ui';

interface MoneyFieldProps<TValues extends FieldValues, TOutput> {
  /** The dialog's form: the field is bound to it, and checked with it when the admin leaves the field. */
  form: UseFormReturn<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
  id: string;
  label: string;
  hint: ReactNode;
  rules: MoneyInputRules;
}

export function MoneyField<TValues extends FieldValues, TOutput>({
  form,
  name,
  id,
  label,
  hint,
  rules,
}: MoneyFieldProps<TValues, TOutput>) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(aria) => (
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            <MoneyInput
              {...aria}
              value={field.value as string}
              rules={rules}
              onValueChange={field.onChange}
              onBlur={() => {
                field.onBlur();
                if ((field.value as string).trim() !== '' || error) void form.trigger(name);
              }}
              name={field.name}
              ref={field.ref}
            />
          )}
        />
      )}
    </FormField>
  );
}
