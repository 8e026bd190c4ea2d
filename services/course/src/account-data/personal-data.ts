/**
 * Which of course's tables hold a person's data (docs/decisions.md, 102–103): enrolments, progress, the
 * drip schedule, certificates, questions, team seats and the projections kept under their user id. All of
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
  sectionUnlockNotices,
  teamSeats,
} from '../db/schema.js';

export const coursePersonalData: PersonalDataPlan = {
  erasedOn: 'auth.account.deleted',
  tables: [
    rowsOfUser('course_enrollments', courseEnrollments, courseEnrollments.userId),
    rowsOfUser('course_access_grants', courseAccessGrants, courseAccessGrants.userId),
    rowsOfUser('lesson_progress', lessonProgress, lessonProgress.userId),
    rowsOfUser('module_progress', moduleProgress, moduleProgress.userId),
    rowsOfUser('member_plan_status', memberPlanStatus, memberPlanStatus.userId),
    rowsOfUser('owner_standing', ownerStanding, ownerStanding.userId),
    rowsOfUser('section_unlock_notices', sectionUnlockNotices, sectionUnlockNotices.userId),
    rowsOfUser('learner_names', learnerNames, learnerNames.userId),
    rowsOfUser('certificates', certificates, certificates.userId),
    rowsOfUser('learner_drip', learnerDrip, learnerDrip.userId),
    rowsOfUser('drip_override_log', dripOverrideLog, dripOverrideLog.userId),
    rowsOfUser('learning_nudges', learningNudges, learningNudges.userId),
    {
      name: 'lesson_questions',
      table: lessonQuestions,
      where: (p) => or(eq(lessonQuestions.userId, p.userId), sameEmail(lessonQuestions.email, p)),
      erase: 'delete',
    },
    {
      name: 'team_seats',
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
