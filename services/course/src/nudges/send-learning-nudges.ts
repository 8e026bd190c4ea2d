/**
 * The nudges sweep (docs/behaviour/member-learning.md#nudges; docs/decisions.md, 95): for each standing
 * enrolment, the sections that opened since the last sweep (not those open from the first day, not those
 * already completed) and a gap of 7 days without activity in a course not yet finished. Each is recorded
 * with its event in one transaction (`learning_nudges`), so a nudge goes out once whichever replica runs
 * the sweep, and a gap is nudged once until the learner is active again.
 */
import { DAY } from '@platform/service-kit/clock';
import { enqueueEvent } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { CourseConfig } from '../config.js';
import { outboxEvents } from '../db/schema.js';
import { loadCourseStateWithLessons } from '../learning/course-access.js';
import { listNudgeCandidates, recordNudges, type NudgeCandidate } from './nudges.repository.js';

export const INACTIVITY_NUDGE_AFTER_MS = 7 * DAY;

export interface NudgeSweep {
  unlocked: number;
  inactive: number;
}

export async function sendLearningNudges(deps: ServiceDeps<CourseConfig>): Promise<NudgeSweep> {
  const sweep: NudgeSweep = { unlocked: 0, inactive: 0 };
  for (const learner of await listNudgeCandidates(deps.db)) {
    const sent = await nudgeLearner(deps, learner);
    sweep.unlocked += sent.unlocked;
    sweep.inactive += sent.inactive;
  }
  return sweep;
}

async function nudgeLearner(deps: ServiceDeps<CourseConfig>, learner: NudgeCandidate): Promise<NudgeSweep> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const state = await loadCourseStateWithLessons(tx, {
      caller: { kind: 'user', userId: learner.userId, email: learner.email, role: 'user' },
      courseId: learner.courseId,
      now,
    });
    if (!state.enrolment) return { unlocked: 0, inactive: 0 };
    const person = { userId: learner.userId, email: learner.email, firstName: learner.firstName };
    const course = { courseId: state.course.id, courseTitle: state.course.title };
    const clock = { clock: { now: () => now } };

    const opened = state.modules.filter((module) => {
      const section = state.sections.get(module.id);
      return module.availableAfterDays > 0 && section?.isAvailable === true && !section.isCompleted;
    });
    const fresh = new Set(
      await recordNudges(tx, {
        userId: learner.userId,
        kind: 'section-unlocked',
        keys: opened.map((module) => String(module.id)),
        at: now,
      }),
    );
    const sections = opened
      .filter((module) => fresh.has(String(module.id)))
      .map((module) => ({ id: module.id, title: module.title }));
    if (sections.length > 0) {
      await enqueueEvent(
        tx,
        outboxEvents,
        {
          type: 'course.sections.unlocked',
          data: { ...person, ...course, sections, unlockedAt: now.toISOString() },
        },
        clock,
      );
    }

    let inactive = 0;
    if (!state.enrolment.completedAt) {
      let lastActiveAt = state.enrolment.enrolledAt;
      let resumeLessonId: number | null = null;
      for (const row of state.progress.values()) {
        if (row.lastAccessedAt > lastActiveAt) {
          lastActiveAt = row.lastAccessedAt;
          resumeLessonId = row.lessonId;
        }
      }
      const away = now.getTime() - lastActiveAt.getTime() >= INACTIVITY_NUDGE_AFTER_MS;
      const gap = `${state.course.id}:${lastActiveAt.toISOString()}`;
      if (
        away &&
        (await recordNudges(tx, { ...person, kind: 'inactive', keys: [gap], at: now })).length > 0
      ) {
        await enqueueEvent(
          tx,
          outboxEvents,
          {
            type: 'course.learner.inactive',
            data: { ...person, ...course, lastActiveAt: lastActiveAt.toISOString(), resumeLessonId },
          },
          clock,
        );
        inactive = 1;
      }
    }
    return { unlocked: sections.length > 0 ? 1 : 0, inactive };
  });
}
