/**
 * The ledger dialogs' dollar field (a labelled DollarInput bound to a react-hook-form field, with its
 * hint and error) and their footer (Cancel, and a submit button that says what it is doing).
 */
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Button, FormField, fieldAria, fieldHintId } from '@platform/ui';
import { DialogClose, DialogFooter } from '@platform/ui/dialog';
import { DollarInput } from './dollar-input';

interface DollarFieldProps<TValues extends FieldValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
  name: FieldPath<TValues>;
  id: string;
  label: string;
  hint: ReactNode;
  error: string | undefined;
}

export function DollarField<TValues extends FieldValues, TOutput>({
  control,
  name,
  id,
  label,
  hint,
  error,
}: DollarFieldProps<TValues, TOutput>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <DollarInput
            {...fieldAria(id, error, fieldHintId(id))}
            value={field.value as string}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            ref={field.ref}
          />
        )}
      />
    </FormField>
  );
}

export function DialogFormFooter({
  submitting,
  label,
  busyLabel,
}: {
  submitting: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      <Button type="submit" disabled={submitting}>
        {submitting ? busyLabel : label}
      </Button>
    </DialogFooter>
  );
}
