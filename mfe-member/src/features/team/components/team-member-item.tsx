/** One seat on the Team page: the address, whether they joined, their progress and 'Remove'. */
import type { TeamMember } from '@platform/contracts';
import { formatDate } from '@platform/contracts/format';
import { Badge, Button, toast, toastFailure } from '@platform/ui';
import { Progress } from '@platform/ui/upload-progress';
import { useRemoveTeamMember } from '../api/remove-team-member';
import { TEAM_COPY } from '../lib/team-copy';
import { progressLine, progressPercent } from '../lib/team-rules';

export function TeamMemberItem({ member }: { member: TeamMember }) {
  const remove = useRemoveTeamMember();
  const onRemove = async () => {
    try {
      await remove.mutateAsync(member.id);
      toast({ title: TEAM_COPY.removedTitle, description: TEAM_COPY.removedText, variant: 'success' });
    } catch (failure) {
      toastFailure(failure, TEAM_COPY.removeFailed, TEAM_COPY.failedText);
    }
  };
  return (
    <li className="space-y-3 rounded-md border p-4" data-testid="team-member">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="min-w-0 break-all font-medium">{member.email}</span>
          <Badge variant={member.status === 'active' ? 'secondary' : 'outline'}>
            {member.status === 'active' ? TEAM_COPY.active : TEAM_COPY.invited}
          </Badge>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void onRemove()}
          disabled={remove.isPending}
          aria-label={`${TEAM_COPY.remove} ${member.email}`}
        >
          {remove.isPending ? TEAM_COPY.removing : TEAM_COPY.remove}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground" data-testid="team-member-progress">
        {progressLine(member)}
      </p>
      {member.status === 'active' ? (
        <>
          <Progress value={progressPercent(member)} aria-label={`Progress of ${member.email}`} />
          <p className="text-xs text-muted-foreground">
            {member.lastActiveAt
              ? `Last active ${formatDate(new Date(member.lastActiveAt), { style: 'long' })}`
              : TEAM_COPY.neverActive}
          </p>
        </>
      ) : null}
    </li>
  );
}
