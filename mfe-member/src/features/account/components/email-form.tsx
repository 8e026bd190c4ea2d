/**
 * The account page's e-mail form: the new address and the current password. A link goes to the new
 * address; the account's address changes only when it is opened (confirm-email-page.tsx).
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChangeEmailRequestSchema, type ChangeEmailRequest } from '@platform/contracts';
import { Alert, AlertDescription, AlertTitle, type AuthUser, SubmitButton } from '@platform/ui';
import type { z } from 'zod';
import { useChangeEmail } from '../api/account-changes';
import { useAccountSubmit } from '../hooks/use-account-submit';
import { ACCOUNT_COPY } from '../lib/account-copy';
import { AccountField } from './account-field';
import { AccountFormCard } from './account-form-card';

const FIELDS = ['email', 'currentPassword'] as const;

export function EmailForm({ user }: { user: AuthUser }) {
  const change = useChangeEmail();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<z.input<typeof ChangeEmailRequestSchema>, unknown, ChangeEmailRequest>({
    resolver: zodResolver(ChangeEmailRequestSchema),
    defaultValues: { email: '', currentPassword: '' },
  });
  const { errors } = form.formState;

  const { error, onSubmit } = useAccountSubmit(form, FIELDS, async (values) => {
    setSent(null);
    setSent(await change.mutateAsync(values));
    form.reset({ email: '', currentPassword: '' });
  });

  return (
    <AccountFormCard section="email" error={error}>
      <p className="text-sm">
        You sign in with <strong className="break-all">{user.email}</strong>.
      </p>
      {sent ? (
        <Alert role="status" data-testid="email-link-sent">
          <AlertTitle>{ACCOUNT_COPY.emailSentTitle}</AlertTitle>
          <AlertDescription>{sent}</AlertDescription>
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <AccountField
            id="account-new-email"
            label="New email address"
            error={errors.email?.message}
            type="email"
            autoComplete="email"
            registration={form.register('email')}
          />
          <AccountField
            id="account-email-password"
            label="Current password"
            error={errors.currentPassword?.message}
            type="password"
            autoComplete="current-password"
            registration={form.register('currentPassword')}
          />
        </div>
        <SubmitButton busy={change.isPending} busyLabel="Sending…">
          Send confirmation link
        </SubmitButton>
      </form>
    </AccountFormCard>
  );
}
