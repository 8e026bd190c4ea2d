/**
 * `course.team.member-invited` → the invitee's account, found by the address or created without a
 * password as a guest's at checkout is (docs/decisions.md, 94), with a set-password link when it cannot
 * sign in yet; `auth.team-member.prepared` goes out in the same transaction. The account is not made a
 * paid member: what it studies is the course service's seat, and it sees nothing of the owner's.
 */
import type { CourseTeamMemberInvited, EventEnvelope } from '@platform/contracts';
import type { Transaction } from '@platform/service-kit/db';
import { enqueueEvent } from '@platform/service-kit/events';
import type { Logger } from '@platform/service-kit/logger';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import { outboxEvents } from '../db/schema.js';
import { findOrCreateByEmail, issueSetupLinkIfNeeded } from './grant-membership.js';

export async function prepareTeamMember(
  deps: ServiceDeps<AuthConfig>,
  { tx, event, logger }: { tx: Transaction; event: EventEnvelope<CourseTeamMemberInvited>; logger: Logger },
): Promise<void> {
  const invitation = event.data;
  const now = deps.clock.now();
  const { user, isNewAccount } = await findOrCreateByEmail(tx, {
    email: invitation.email,
    firstName: '',
    lastName: '',
    now,
  });
  const setPassword = await issueSetupLinkIfNeeded(tx, user, now);
  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type: 'auth.team-member.prepared',
      data: {
        seatId: invitation.seatId,
        ownerId: invitation.ownerId,
        ownerName: invitation.ownerName,
        userId: user.id,
        email: user.email,
        isNewAccount,
        setPassword,
        preparedAt: now.toISOString(),
      },
      headers: { 'x-causation-id': event.id },
    },
    { clock: deps.clock },
  );
  logger.info({ seatId: invitation.seatId, userId: user.id, isNewAccount }, 'team member account prepared');
}
