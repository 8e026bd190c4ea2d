/** 'Invite a team member': one e-mail address, refused inline (bad address, yourself, already invited, full). */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TeamInvitationRequestSchema, type TeamInvitationRequest } from '@platform/contracts';
import {
  Button,
  FormField,
  Input,
  fieldAria,
  getApiErrorStatus,
  getServerMessage,
  showFieldIssues,
  toast,
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

  const onSubmit = form.handleSubmit(async (request) => {
    try {
      await invite.mutateAsync(request);
    } catch (failure) {
      if (showFieldIssues(failure, ['email'], (field, message) => form.setError(field, { message }))) return;
      // A full team or an address already on it is about the address typed: say so at the field.
      if (getApiErrorStatus(failure) === 409) {
        form.setError('email', { message: getServerMessage(failure) ?? TEAM_COPY.failedText });
        return;
      }
      toast({
        title: TEAM_COPY.failedTitle,
        description: getServerMessage(failure) ?? TEAM_COPY.failedText,
        variant: 'destructive',
      });
      return;
    }
    form.reset({ email: '' });
    toast({
      title: TEAM_COPY.invitedTitle,
      description: TEAM_COPY.invitedText(request.email),
      variant: 'success',
    });
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      aria-label={TEAM_COPY.inviteTitle}
    >
      <FormField id={FIELD_ID} label={TEAM_COPY.emailLabel} error={error} className="min-w-0 flex-1">
        <Input
          {...fieldAria(FIELD_ID, error)}
          {...form.register('email')}
          type="email"
          autoComplete="off"
          disabled={disabled}
        />
      </FormField>
      <Button type="submit" className="sm:mt-7" disabled={disabled || invite.isPending}>
        {invite.isPending ? TEAM_COPY.inviting : TEAM_COPY.invite}
      </Button>
    </form>
  );
}
