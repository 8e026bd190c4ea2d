/**
 * `/team` (docs/behaviour/member-learning.md#team): a buyer of the course invites up to 5 staff by e-mail,
 * sees who joined and how far each got, and removes a member to free the seat. Anyone else is told that
 * seats come with the course. Signed-out visitors go to /login.
 */
import { ButtonLink, Card, LoadFailedAlert, LoadingPlaceholder, Skeleton, TitledCard } from '@platform/ui';
import { useTeam } from '../api/get-team';
import { TEAM_COPY } from '../lib/team-copy';
import { seatsLeft, seatsLine } from '../lib/team-rules';
import { InviteForm } from './invite-form';
import { TeamMemberItem } from './team-member-item';
import { TitledPage } from '../../../components/titled-page';
import { signedOutView, useMemberPage } from '../../../components/member-page-gate';

export function TeamPage() {
  const gate = useMemberPage(TEAM_COPY.title);
  const { user, isLoading: userLoading } = gate;
  const team = useTeam(user !== null);

  const away = signedOutView(gate, team);
  if (away !== undefined) return away;

  let body;
  if (userLoading || !user || team.isPending) {
    body = (
      <LoadingPlaceholder label="Loading your team…" className="space-y-4">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-48 w-full" />
      </LoadingPlaceholder>
    );
  } else if (team.isError || !team.data) {
    body = (
      <LoadFailedAlert
        title={TEAM_COPY.loadError}
        hint={TEAM_COPY.failedText}
        onRetry={() => void team.refetch()}
      />
    );
  } else if (!team.data.canInvite) {
    body = (
      <Card className="p-8 text-center" data-testid="team-not-owner">
        <h2 className="text-lg font-semibold">{TEAM_COPY.notOwnerTitle}</h2>
        <p className="mt-2 text-sm text-muted-foreground">{TEAM_COPY.notOwnerText}</p>
        <ButtonLink to="/pricing" className="mt-4">
          {TEAM_COPY.seeCourse}
        </ButtonLink>
      </Card>
    );
  } else {
    const data = team.data;
    body = (
      <div className="space-y-6">
        <TitledCard
          title={TEAM_COPY.inviteTitle}
          description={seatsLine(data)}
          descriptionTestId="team-seats"
        >
          <InviteForm disabled={seatsLeft(data) === 0} />
        </TitledCard>
        <section aria-labelledby="team-members">
          <h2 id="team-members" className="mb-3 text-xl font-semibold">
            {TEAM_COPY.membersTitle}
          </h2>
          {data.members.length === 0 ? (
            <p className="text-sm text-muted-foreground">{TEAM_COPY.empty}</p>
          ) : (
            <ul className="space-y-3">
              {data.members.map((member) => (
                <TeamMemberItem key={member.id} member={member} />
              ))}
            </ul>
          )}
        </section>
      </div>
    );
  }

  return (
    <TitledPage title={TEAM_COPY.title} description={TEAM_COPY.description} width="max-w-3xl">
      <div className="mt-8">{body}</div>
    </TitledPage>
  );
}
