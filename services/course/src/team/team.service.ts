/**
 * Staff seats (docs/behaviour/member-learning.md#team; docs/decisions.md, 94): a buyer invites up to
 * `TEAM_SEAT_LIMIT` staff; auth prepares each invitee's account (`auth.team-member.prepared`) and the seat
 * then enrols it from that moment, through an access grant keyed by the seat's id. Removing a seat, or the
 * owner losing their own access, withdraws exactly what the seat gave.
 */
import { randomUUID } from 'node:crypto';
import {
  TEAM_MESSAGES,
  TEAM_SEAT_LIMIT,
  type AuthTeamMemberPrepared,
  type Team,
  type TeamMember,
} from '@platform/contracts';
import type { Database, Executor, Transaction } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { enqueueEvent } from '@platform/service-kit/events';
import type { UserCaller } from '@platform/service-kit/identity';
import type { Logger } from '@platform/service-kit/logger';
import { findLearnerName, insertLearnerIfUnknown } from '../certificates/certificates.repository.js';
import { outboxEvents, type TeamSeatRow } from '../db/schema.js';
import { enrolMember } from '../enrolments/enrol-member.js';
import { withdrawEnrolments } from '../enrolments/withdraw-enrolments.js';
import {
  activateSeat,
  closeSeat,
  findOpenSeat,
  insertSeat,
  listOpenSeats,
  listOwnEnrolments,
  lockOwnerSeats,
  readMemberProgress,
} from './team.repository.js';

interface Call {
  caller: UserCaller;
  now: Date;
}

async function toTeamMember(db: Executor, seat: TeamSeatRow): Promise<TeamMember> {
  const progress = seat.memberUserId
    ? await readMemberProgress(db, seat.memberUserId, seat.courseIds)
    : { completedSections: 0, totalSections: 0, lastActiveAt: null };
  return {
    id: seat.id,
    email: seat.email,
    status: seat.status === 'active' ? 'active' : 'invited',
    invitedAt: seat.invitedAt.toISOString(),
    completedSections: progress.completedSections,
    totalSections: progress.totalSections,
    lastActiveAt: progress.lastActiveAt?.toISOString() ?? null,
  };
}

/** `GET /api/team`. */
export async function getTeam(db: Executor, caller: UserCaller): Promise<Team> {
  const own = await listOwnEnrolments(db, caller.userId);
  const seats = own.length > 0 ? await listOpenSeats(db, caller.userId) : [];
  return {
    seatLimit: TEAM_SEAT_LIMIT,
    canInvite: own.length > 0,
    members: await Promise.all(seats.map((seat) => toTeamMember(db, seat))),
  };
}

/** `POST /api/team/invitations`: one open seat per address, at most `TEAM_SEAT_LIMIT`, even in parallel. */
export async function inviteTeamMember(db: Database, call: Call & { email: string }): Promise<TeamMember> {
  const email = call.email.toLowerCase();
  if (email === call.caller.email.toLowerCase()) {
    throw new AppError('invalid', TEAM_MESSAGES.self, [{ path: 'email', message: TEAM_MESSAGES.self }]);
  }
  return db.transaction(async (tx) => {
    await lockOwnerSeats(tx, call.caller.userId);
    const own = await listOwnEnrolments(tx, call.caller.userId);
    if (own.length === 0) throw new AppError('forbidden', TEAM_MESSAGES.notOwner);
    const open = await listOpenSeats(tx, call.caller.userId);
    if (open.some((seat) => seat.email === email)) throw new AppError('conflict', TEAM_MESSAGES.duplicate);
    if (open.length >= TEAM_SEAT_LIMIT) throw new AppError('conflict', TEAM_MESSAGES.full);
    const seat: TeamSeatRow = {
      id: randomUUID(),
      ownerId: call.caller.userId,
      email,
      status: 'invited',
      courseIds: own.map((enrolment) => enrolment.courseId),
      memberUserId: null,
      invitedAt: call.now,
      joinedAt: null,
      closedAt: null,
    };
    if (!(await insertSeat(tx, seat))) throw new AppError('conflict', TEAM_MESSAGES.duplicate);
    await enqueueEvent(
      tx,
      outboxEvents,
      {
        type: 'course.team.member-invited',
        data: {
          seatId: seat.id,
          ownerId: seat.ownerId,
          ownerName: (await findLearnerName(tx, seat.ownerId)) ?? '',
          email,
          invitedAt: call.now.toISOString(),
        },
      },
      { clock: { now: () => call.now } },
    );
    return toTeamMember(tx, seat);
  });
}

async function closeAndWithdraw(
  tx: Transaction,
  seat: TeamSeatRow,
  status: 'removed' | 'ended',
  at: Date,
  logger: Logger,
): Promise<void> {
  if (!(await closeSeat(tx, { id: seat.id, status, at }))) return;
  if (seat.memberUserId) {
    await withdrawEnrolments(
      tx,
      { userId: seat.memberUserId, orderId: seat.id, courseIds: seat.courseIds, revokedAt: at.toISOString() },
      logger,
    );
  }
}

/** `DELETE /api/team/members/:id`: frees the seat and withdraws what it gave. */
export async function removeTeamMember(
  db: Database,
  call: Call & { seatId: string; logger: Logger },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwnerSeats(tx, call.caller.userId);
    const seat = await findOpenSeat(tx, call.seatId);
    if (!seat || seat.ownerId !== call.caller.userId) throw new AppError('not_found', TEAM_MESSAGES.notFound);
    await closeAndWithdraw(tx, seat, 'removed', call.now, call.logger);
  });
}

/**
 * `auth.team-member.prepared` → the seat becomes active and enrols its member from now (their own drip
 * start). A seat removed or ended before the account was ready enrols nobody; a redelivery changes nothing.
 */
export async function joinSeat(
  tx: Transaction,
  prepared: AuthTeamMemberPrepared,
  logger: Logger,
): Promise<void> {
  const seat = await findOpenSeat(tx, prepared.seatId);
  const at = new Date(prepared.preparedAt);
  if (!seat || !(await activateSeat(tx, { id: seat.id, memberUserId: prepared.userId, at }))) {
    logger.info({ seatId: prepared.seatId }, 'seat closed or already joined; nobody enrolled');
    return;
  }
  // The nudges and the certificate need the member's address even before auth announces their name.
  await insertLearnerIfUnknown(tx, { userId: prepared.userId, email: prepared.email, at });
  await enrolMember(
    tx,
    { userId: prepared.userId, orderId: seat.id, courseIds: seat.courseIds, grantedAt: prepared.preparedAt },
    logger,
  );
}

/**
 * After a refund withdrew, or a paused payment plan closed, some of the owner's courses: the seats end once
 * the owner has none of their own. They stay ended when the owner's access comes back (the plan resumed, a
 * new purchase): the owner invites again, and a returning member keeps the progress of their account.
 */
export async function endSeatsWithoutOwnerAccess(
  tx: Transaction,
  ownerId: string,
  at: Date,
  logger: Logger,
): Promise<void> {
  await endOpenSeats(tx, ownerId, at, logger, { unlessOwnerEnrolled: true });
}

/**
 * The owner's account is being deleted (`auth.account.deleted`): every seat ends and withdraws its member
 * before the erasure removes the seats, which would otherwise leave the members enrolled by a seat nobody
 * owns (and so counted as buyers who may invite).
 */
export const endSeatsOfDeletedOwner = (tx: Transaction, ownerId: string, at: Date, logger: Logger) =>
  endOpenSeats(tx, ownerId, at, logger, { unlessOwnerEnrolled: false });

/** Locks the owner's seats and ends them (none while the owner still has a course of their own, if asked). */
async function endOpenSeats(
  tx: Transaction,
  ownerId: string,
  at: Date,
  logger: Logger,
  { unlessOwnerEnrolled }: { unlessOwnerEnrolled: boolean },
): Promise<void> {
  await lockOwnerSeats(tx, ownerId);
  if (unlessOwnerEnrolled && (await listOwnEnrolments(tx, ownerId)).length > 0) return;
  const seats = await listOpenSeats(tx, ownerId);
  for (const seat of seats) await closeAndWithdraw(tx, seat, 'ended', at, logger);
  if (seats.length > 0)
    logger.info({ ownerId, ended: seats.length }, "the owner's access ended: seats ended");
}
