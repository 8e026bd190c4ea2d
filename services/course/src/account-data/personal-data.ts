/**
 * Which of course's tables hold a person's data (docs/decisions.md, 102–103): enrolments, progress, the
 * drip schedule, certificates, questions, team seats, their plans' pauses and the projections kept under
 * their user id. All of
 * it goes on deletion.
 */
import { eq, or } from 'drizzle-orm';
import { rowsOfUser, sameEmail, type PersonalDataPlan } from '@platform/service-kit/personal-data';
import {
  certificates,
  courseAccessGrants,
  courseEnrollments,
  dripOverrideLog,
  learnerDrip,
  learnerNames,
  learningNudges,
  lessonProgress,
  lessonQuestions,
  memberPlanStatus,
  moduleProgress,
  ownerStanding,
  planPauseStates,
  sectionUnlockNotices,
  teamSeats,
} from '../db/schema.js';
import { endSeatsOfDeletedOwner } from '../team/team.service.js';

export const coursePersonalData: PersonalDataPlan = {
  erasedOn: 'auth.account.deleted',
  // An owner's seats end first, withdrawing what they gave their staff, as when the owner's access ends
  // otherwise (docs/behaviour/member-learning.md#team): deleting the seat rows alone left the staff enrolled.
  beforeErase: (tx, { person, at }, logger) => endSeatsOfDeletedOwner(tx, person.userId, at, logger),
  tables: [
    rowsOfUser(courseEnrollments),
    rowsOfUser(courseAccessGrants),
    rowsOfUser(lessonProgress),
    rowsOfUser(moduleProgress),
    rowsOfUser(memberPlanStatus),
    rowsOfUser(ownerStanding),
    rowsOfUser(sectionUnlockNotices),
    rowsOfUser(learnerNames),
    rowsOfUser(certificates),
    rowsOfUser(learnerDrip),
    rowsOfUser(dripOverrideLog),
    rowsOfUser(learningNudges),
    rowsOfUser(planPauseStates),
    {
      table: lessonQuestions,
      where: (p) => or(eq(lessonQuestions.userId, p.userId), sameEmail(lessonQuestions.email, p)),
      erase: 'delete',
    },
    {
      table: teamSeats,
      where: (p) =>
        or(
          eq(teamSeats.ownerId, p.userId),
          eq(teamSeats.memberUserId, p.userId),
          sameEmail(teamSeats.email, p),
        ),
      erase: 'delete',
    },
  ],
};
