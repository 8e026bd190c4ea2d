/**
 * The account page's 'Your data' (docs/behaviour/accounts.md#your-data-export-and-deletion): the download
 * of everything kept about the person, and the deletion of the account after the password in a dialog.
 */
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { DeleteAccountRequestSchema, type DeleteAccountRequest } from '@platform/contracts';
import {
  AUTH_USER_QUERY_KEY,
  AsyncForm,
  Button,
  getServerMessage,
  showFieldIssues,
  toast,
} from '@platform/ui';
import { ButtonDialog, DialogActions } from '@platform/ui/dialog';
import { DownloadIcon } from 'lucide-react';
import { ACCOUNT_EXPORT_URL, useDeleteAccount } from '../api/delete-account';
import { ACCOUNT_COPY } from '../lib/account-copy';
import { AccountField } from './account-field';
import { AccountFormCard } from './account-form-card';

function DeleteAccountForm() {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useForm<DeleteAccountRequest>({
    resolver: zodResolver(DeleteAccountRequestSchema),
    defaultValues: { password: '' },
  });
  const error = form.formState.errors.password?.message;

  const onSubmit = form.handleSubmit(async (request) => {
    let message: string;
    try {
      message = await remove.mutateAsync(request);
    } catch (failure) {
      if (showFieldIssues(failure, ['password'], (field, text) => form.setError(field, { message: text })))
        return;
      form.setError('password', { message: getServerMessage(failure) ?? ACCOUNT_COPY.failed });
      return;
    }
    // As signing out does (useLogout): nothing cached about the person stays, then home with the message.
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== AUTH_USER_QUERY_KEY[0] });
    client.setQueryData(AUTH_USER_QUERY_KEY, null);
    toast({ title: ACCOUNT_COPY.deletedTitle, description: message, variant: 'success' });
    await navigate('/');
  });

  return (
    <AsyncForm onSubmit={onSubmit} className="grid gap-4">
      <AccountField
        id="delete-account-password"
        label={ACCOUNT_COPY.deletePassword}
        error={error}
        type="password"
        autoComplete="current-password"
        registration={form.register('password')}
      />
      <DialogActions
        busy={remove.isPending}
        label={ACCOUNT_COPY.deleteLabel}
        busyLabel={ACCOUNT_COPY.deleteBusy}
        variant="destructive"
      />
    </AsyncForm>
  );
}

export function YourData() {
  return (
    <AccountFormCard section="data" error={null}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">{ACCOUNT_COPY.downloadHint}</p>
        <Button asChild variant="outline" className="shrink-0">
          <a href={ACCOUNT_EXPORT_URL} download>
            <DownloadIcon className="size-4" aria-hidden="true" />
            {ACCOUNT_COPY.downloadLabel}
          </a>
        </Button>
      </div>
      <div className="border-t border-border pt-4">
        <ButtonDialog
          trigger={<Button variant="destructive">{ACCOUNT_COPY.deleteLabel}</Button>}
          title={ACCOUNT_COPY.deleteTitle}
          description={ACCOUNT_COPY.deleteText}
        >
          {() => <DeleteAccountForm />}
        </ButtonDialog>
      </div>
    </AccountFormCard>
  );
}
