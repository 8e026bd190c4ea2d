/** 'Invite a team member': one e-mail address, refused inline (bad address, yourself, already invited, full). */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TeamInvitationRequestSchema, type TeamInvitationRequest } from '@platform/contracts';
import {
  AsyncForm,
  FormField,
  Input,
  SubmitButton,
  getApiErrorStatus,
  getServerMessage,
  submitWithToasts,
} from '@platform/ui';
import type { z } from 'zod';
import { useInviteTeamMember } from '../api/invite-team-member';
import { TEAM_COPY } from '../lib/team-copy';

const FIELD_ID = 'team-invite-email';

export function InviteForm({ disabled }: { disabled: boolean }) {
  const invite = useInviteTeamMember();
  const form = useForm<z.input<typeof TeamInvitationRequestSchema>, unknown, TeamInvitationRequest>({
    resolver: zodResolver(TeamInvitationRequestSchema),
    defaultValues: { email: '' },
  });
  const error = form.formState.errors.email?.message;

  const onSubmit = submitWithToasts(form, {
    fields: ['email'],
    send: (request) => invite.mutateAsync(request),
    // A full team or an address already on it is about the address typed: say so at the field.
    refused: (failure) => {
      if (getApiErrorStatus(failure) !== 409) return false;
      form.setError('email', { message: getServerMessage(failure) ?? TEAM_COPY.failedText });
      return true;
    },
    failed: { title: TEAM_COPY.failedTitle, description: TEAM_COPY.failedText },
    resetTo: { email: '' },
    sent: (request) => ({ title: TEAM_COPY.invitedTitle, description: TEAM_COPY.invitedText(request.email) }),
  });

  return (
    <AsyncForm
      onSubmit={onSubmit}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      aria-label={TEAM_COPY.inviteTitle}
    >
      <FormField id={FIELD_ID} label={TEAM_COPY.emailLabel} error={error} className="min-w-0 flex-1">
        {(aria) => (
          <Input {...aria} {...form.register('email')} type="email" autoComplete="off" disabled={disabled} />
        )}
      </FormField>
      <SubmitButton
        className="sm:mt-7"
        disabled={disabled}
        busy={invite.isPending}
        busyLabel={TEAM_COPY.inviting}
      >
        {TEAM_COPY.invite}
      </SubmitButton>
    </AsyncForm>
  );
}
