/**
 * The parts the login, sign-up and set-password forms share: the form with its server refusal on top, the
 * e-mail field, the new password with its confirmation and checklist, and the wide submit button.
 */
import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { AsyncForm, Button, FormField, Input, fieldAria } from '@platform/ui';
import { LoaderCircleIcon } from 'lucide-react';
import { FormAlert } from './form-alert';
import { PasswordChecklist } from './password-checklist';
import { PasswordInput } from './password-input';

export function AuthForm({
  label,
  formError,
  onSubmit,
  children,
}: {
  label: string;
  formError: string | null;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <AsyncForm onSubmit={onSubmit} className="space-y-5" aria-label={label}>
      <FormAlert message={formError} />
      {children}
    </AsyncForm>
  );
}

export function EmailField({
  id,
  error,
  registration,
}: {
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label="Email" error={error}>
      <Input
        {...fieldAria(id, error)}
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@restaurant.com"
        {...registration}
      />
    </FormField>
  );
}

/** A new password and its confirmation, both described by the live checklist below them. */
export function NewPasswordFields({
  idPrefix,
  passwordLabel,
  errors,
  registrations,
  values,
  minLength,
}: {
  /** `<idPrefix>-password`, `<idPrefix>-confirm-password` and `<idPrefix>-password-checklist`. */
  idPrefix: string;
  passwordLabel: string;
  errors: { password: string | undefined; confirmPassword: string | undefined };
  registrations: { password: UseFormRegisterReturn; confirmPassword: UseFormRegisterReturn };
  values: { password: string; confirmPassword: string };
  minLength: number;
}) {
  const passwordId = `${idPrefix}-password`;
  const confirmId = `${idPrefix}-confirm-password`;
  const checklistId = `${idPrefix}-password-checklist`;
  return (
    <>
      <FormField id={passwordId} label={passwordLabel} error={errors.password}>
        <PasswordInput
          {...fieldAria(passwordId, errors.password, checklistId)}
          toggleLabel="Show password"
          autoComplete="new-password"
          {...registrations.password}
        />
      </FormField>
      <FormField id={confirmId} label="Confirm password" error={errors.confirmPassword}>
        <PasswordInput
          {...fieldAria(confirmId, errors.confirmPassword, checklistId)}
          toggleLabel="Show confirm password"
          autoComplete="new-password"
          {...registrations.confirmPassword}
        />
      </FormField>
      <PasswordChecklist
        id={checklistId}
        password={values.password}
        confirmPassword={values.confirmPassword}
        minLength={minLength}
      />
    </>
  );
}

/** The form's wide submit button, spinning while `busy`. */
export function AuthSubmitButton({
  busy,
  disabled = busy,
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={disabled}>
      {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}
