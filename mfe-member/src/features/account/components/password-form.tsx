/**
 * The account page's password form: the current password, then the new one twice. Every other session of
 * the account ends; this one stays signed in. Pressed again after a lost answer, a change that went
 * through is told as done.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordRequestSchema, type ChangePasswordRequest } from '@platform/contracts';
import { SubmitButton, toast } from '@platform/ui';
import type { z } from 'zod';
import { useChangePassword } from '../api/account-changes';
import { useAccountSubmit } from '../hooks/use-account-submit';
import { passwordChanger } from '../lib/password-change';
import { AccountField } from './account-field';
import { AccountFormCard } from './account-form-card';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;
const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

export function PasswordForm() {
  const change = useChangePassword();
  // Pressed again after a lost answer, the change that went through is told as done (lib/password-change.ts).
  const [changePassword] = useState(() => passwordChanger((request) => change.mutateAsync(request)));
  const form = useForm<z.input<typeof ChangePasswordRequestSchema>, unknown, ChangePasswordRequest>({
    resolver: zodResolver(ChangePasswordRequestSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const { error, onSubmit } = useAccountSubmit(form, FIELDS, async (values) => {
    const message = await changePassword(values);
    form.reset(EMPTY);
    toast({ title: 'Password changed', description: message, variant: 'success' });
  });

  const field = (name: (typeof FIELDS)[number], id: string, label: string, autoComplete: string) => (
    <AccountField
      id={id}
      label={label}
      error={errors[name]?.message}
      type="password"
      autoComplete={autoComplete}
      registration={form.register(name)}
    />
  );

  return (
    <AccountFormCard section="password" error={error}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {field('currentPassword', 'account-current-password', 'Current password', 'current-password')}
        <div className="grid gap-4 sm:grid-cols-2">
          {field('password', 'account-new-password', 'New password', 'new-password')}
          {field('confirmPassword', 'account-confirm-password', 'Confirm new password', 'new-password')}
        </div>
        <p className="text-sm text-muted-foreground">
          At least 8 characters, with an uppercase letter and a symbol.
        </p>
        <SubmitButton busy={change.isPending} busyLabel="Changing…">
          Change password
        </SubmitButton>
      </form>
    </AccountFormCard>
  );
}
