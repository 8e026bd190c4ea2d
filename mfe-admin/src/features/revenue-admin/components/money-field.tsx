/**
 * The ledger dialogs' money field (the one MoneyInput, labelled and bound to a react-hook-form field, with
 * its hint and error, checked as soon as the admin leaves it).
 */
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import type { Control, FieldPath, FieldValues, UseFormTrigger } from 'react-hook-form';
import type { MoneyInputRules } from '@platform/contracts/format';
import { FormField, MoneyInput, fieldAria, fieldHintId } from '@platform/ui';

interface MoneyFieldProps<TValues extends FieldValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
  /** The form's `trigger`: the field is checked when the admin leaves it. */
  trigger: UseFormTrigger<TValues>;
  name: FieldPath<TValues>;
  id: string;
  label: string;
  hint: ReactNode;
  error: string | undefined;
  rules: MoneyInputRules;
}

export function MoneyField<TValues extends FieldValues, TOutput>({
  control,
  trigger,
  name,
  id,
  label,
  hint,
  error,
  rules,
}: MoneyFieldProps<TValues, TOutput>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <MoneyInput
            {...fieldAria(id, error, fieldHintId(id))}
            value={field.value as string}
            rules={rules}
            onValueChange={field.onChange}
            onBlur={() => {
              field.onBlur();
              if ((field.value as string).trim() !== '' || error) void trigger(name);
            }}
            name={field.name}
            ref={field.ref}
          />
        )}
      />
    </FormField>
  );
}
