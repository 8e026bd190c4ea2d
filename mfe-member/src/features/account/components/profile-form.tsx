/** The account page's name form: first and last name, saved with `PATCH /api/auth/account`. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateProfileRequestSchema, type UpdateProfileRequest } from '@platform/contracts';
import { NameFields, SubmitButton, toast, type AuthUser } from '@platform/ui';
import type { z } from 'zod';
import { useUpdateProfile } from '../api/account-changes';
import { useAccountSubmit } from '../hooks/use-account-submit';
import { ACCOUNT_COPY } from '../lib/account-copy';
import { AccountFormCard } from './account-form-card';

const FIELDS = ['firstName', 'lastName'] as const;

export function ProfileForm({ user }: { user: AuthUser }) {
  const update = useUpdateProfile();
  const form = useForm<z.input<typeof UpdateProfileRequestSchema>, unknown, UpdateProfileRequest>({
    resolver: zodResolver(UpdateProfileRequestSchema),
    defaultValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
  });
  const { errors } = form.formState;

  const { error, onSubmit } = useAccountSubmit(form, FIELDS, async (values) => {
    await update.mutateAsync(values);
    form.reset(values);
    toast({ title: ACCOUNT_COPY.profileSaved, variant: 'success' });
  });

  return (
    <AccountFormCard section="profile" error={error}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <NameFields
          idPrefix="account"
          className="grid gap-4 sm:grid-cols-2"
          errors={{ firstName: errors.firstName?.message, lastName: errors.lastName?.message }}
          registrations={{ firstName: form.register('firstName'), lastName: form.register('lastName') }}
        />
        <SubmitButton busy={update.isPending} busyLabel="Saving…">
          Save name
        </SubmitButton>
      </form>
    </AccountFormCard>
  );
}
