/**
 * The account page's password form: the current password, then the new one twice. Every other session of
 * the account ends; this one stays signed in.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordRequestSchema, type ChangePasswordRequest } from '@platform/contracts';
import { Button, FormField, Input, fieldAria, toast } from '@platform/ui';
import type { z } from 'zod';
import { useChangePassword } from '../api/account-changes';
import { ACCOUNT_COPY } from '../lib/account-copy';
import { reportFailure } from '../lib/report-failure';
import { AccountFormCard } from './account-form-card';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;
const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

export function PasswordForm() {
  const change = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof ChangePasswordRequestSchema>, unknown, ChangePasswordRequest>({
    resolver: zodResolver(ChangePasswordRequestSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const message = await change.mutateAsync(values);
      form.reset(EMPTY);
      toast({ title: 'Password changed', description: message, variant: 'success' });
    } catch (failure) {
      reportFailure(failure, FIELDS, (field, message) => form.setError(field, { message }), setError);
    }
  });

  const field = (name: (typeof FIELDS)[number], id: string, label: string, autoComplete: string) => (
    <FormField id={id} label={label} error={errors[name]?.message}>
      <Input
        {...fieldAria(id, errors[name]?.message)}
        type="password"
        autoComplete={autoComplete}
        {...form.register(name)}
      />
    </FormField>
  );

  return (
    <AccountFormCard
      id="account-password"
      title={ACCOUNT_COPY.passwordTitle}
      description={ACCOUNT_COPY.passwordHint}
      error={error}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        {field('currentPassword', 'account-current-password', 'Current password', 'current-password')}
        <div className="grid gap-4 sm:grid-cols-2">
          {field('password', 'account-new-password', 'New password', 'new-password')}
          {field('confirmPassword', 'account-confirm-password', 'Confirm new password', 'new-password')}
        </div>
        <p className="text-sm text-muted-foreground">
          At least 8 characters, with an uppercase letter and a symbol.
        </p>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </Button>
      </form>
    </AccountFormCard>
  );
}
