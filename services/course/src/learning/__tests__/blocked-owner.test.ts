/**
 * A blocked owner (standing `blocked` in the revenue ledger, docs/decisions.md, 27) keeps everything already open or
 * completed, but no section opens until they are current: a section whose release comes during the block
 * stays locked with `lockedReason: 'blocked'`, and opens the moment the owner is no longer blocked. Through
 * the real service, against a set clock.
 */
import { describe, expect, it } from '@jest/globals';
import {
  LessonNavigationSchema,
  MemberLessonListSchema,
  SECTION_LOCKED_MESSAGE,
  type AvailableModuleList,
} from '@platform/contracts';
import { DAY, HOUR } from '@platform/service-kit/clock';
import { backings } from '../../__tests__/harness.js';
import { firstSections } from '../../__tests__/sections.js';
import { computeSectionStates, type PlanState } from '../drip.js';
import {
  json,
  standingChanged,
  statusChanged,
  type User,
  user,
  useSeededCourse,
  withSectionsReleasedAfter,
} from './fixtures.js';

const ENROLLED_AT = new Date('2030-05-01T07:13:00.000Z');
const at = (days: number, hours = 0) => new Date(ENROLLED_AT.getTime() + days * DAY + hours * HOUR);

describe.each(backings())('a blocked owner on $name', (factory) => {
  const { course, outline, clock, enrol, modulesOf } = useSeededCourse(factory, { at: ENROLLED_AT });

  /** A member enrolled at ENROLLED_AT (the clock set there) whose plan auth announced then as `plan`. */
  const planOwner = async (plan: Parameters<typeof statusChanged>[1]) => {
    clock.set(ENROLLED_AT);
    const member = await enrol();
    await course.deliver(statusChanged(member, plan, ENROLLED_AT));
    return member;
  };

  const reasons = (modules: AvailableModuleList) => modules.map((module) => module.lockedReason);
  const lessonStatus = async (member: User, lessonId: number) =>
    (await course.requestAs(member, `/api/lessons/${lessonId}`)).status;

  it('keeps what was open, holds back what comes due during the block, and opens it the moment the block lifts', async () => {
    const member = await planOwner({ planStatus: 'rs_active', consultationStatus: 'submitted' });
    clock.set(at(1, 1));
    expect(reasons(await modulesOf(member))).toEqual([null, null, ...Array(6).fill('schedule')]);

    // Blocked an hour later: sections 1 and 2 were open then and stay open.
    await course.deliver(standingChanged(member, 'blocked', at(1, 2), 1));
    clock.set(at(3, 1));
    const blocked = await modulesOf(member);
    expect(reasons(blocked)).toEqual([null, null, 'blocked', 'blocked', ...Array(4).fill('schedule')]);
    expect(blocked.map((module) => module.isAvailable)).toEqual([true, true, ...Array(6).fill(false)]);
    // The release time stays what the schedule says; the reason tells why it has not opened.
    expect(blocked[2]!.unlockDate).toBe(at(2).toISOString());
    expect(blocked[2]!.unlockNoticeDue).toBe(false);

    const third = outline.sections[2]!;
    expect(await lessonStatus(member, outline.sections[1]!.lessons[0]!.id)).toBe(200);
    const refused = await course.requestAs(member, `/api/lessons/${third.lessons[0]!.id}`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: SECTION_LOCKED_MESSAGE });
    const lockedLessons = MemberLessonListSchema.parse(
      await json(await course.requestAs(member, `/api/modules/${third.id}/lessons`)),
    );
    expect(lockedLessons.every((lesson) => lesson.isLocked && lesson.content === null)).toBe(true);
    const lastOpen = outline.sections[1]!.lessons.at(-1)!;
    const navigation = LessonNavigationSchema.parse(
      await json(await course.requestAs(member, `/api/lessons/${lastOpen.id}/navigation`)),
    );
    expect(navigation.next).toMatchObject({
      id: third.lessons[0]!.id,
      isLocked: true,
      lockedReason: 'blocked',
    });

    // A later change while still blocked (the consultation approved) does not restart the block.
    await course.deliver(
      statusChanged(member, { planStatus: 'rs_active', consultationStatus: 'approved' }, at(3, 2)),
    );
    await course.deliver(standingChanged(member, 'blocked', at(3, 2), 2));
    expect(reasons(await modulesOf(member))).toEqual([
      null,
      null,
      'blocked',
      'blocked',
      ...Array(4).fill('schedule'),
    ]);

    // Current again: at once, without the clock moving.
    await course.deliver(standingChanged(member, 'current', at(3, 3), 3));
    const lifted = await modulesOf(member);
    expect(reasons(lifted)).toEqual([null, null, null, null, ...Array(4).fill('schedule')]);
    expect(lifted[2]!.unlockNoticeDue).toBe(true);
    expect(await lessonStatus(member, third.lessons[0]!.id)).toBe(200);

    // The block arriving late (an older event) changes nothing.
    await course.deliver(standingChanged(member, 'blocked', at(1, 2), 1));
    expect(reasons(await modulesOf(member))).toEqual([null, null, null, null, ...Array(4).fill('schedule')]);
  });

  it('never locks completed work, even where the schedule moved into the block', async () => {
    const member = await planOwner({ planStatus: 'rs_active', consultationStatus: 'submitted' });
    clock.set(at(2, 1));
    const [, second, third] = outline.sections;
    const done = second!.lessons[0]!;
    const complete = (path: string) => course.requestAs(member, path, { method: 'POST' });
    expect((await complete(`/api/lessons/${done.id}/complete`)).status).toBe(200);
    expect((await complete(`/api/modules/${third!.id}/complete`)).status).toBe(200);
    await course.deliver(standingChanged(member, 'blocked', at(2, 2), 1));

    // Both sections now come due after the block began.
    await withSectionsReleasedAfter(course, [second!, third!], 3, async () => {
      clock.set(at(4));
      const modules = await modulesOf(member);
      expect(modules[1]).toMatchObject({ isAvailable: false, lockedReason: 'blocked', isCompleted: false });
      expect(modules[2]).toMatchObject({ isAvailable: true, lockedReason: null, isCompleted: true });
      expect(await lessonStatus(member, done.id)).toBe(200);
      expect(await lessonStatus(member, second!.lessons[1]!.id)).toBe(403);
      expect(await lessonStatus(member, third!.lessons[1]!.id)).toBe(200);
    });
  });

  it('sections that were waiting for the consultation when the block began wait for the block to lift', async () => {
    const member = await planOwner({ planStatus: 'rs_pending', consultationStatus: 'not_started' });
    clock.set(at(3, 1));
    expect(reasons(await modulesOf(member))).toEqual([null, ...Array(7).fill('consultation')]);

    await course.deliver(standingChanged(member, 'blocked', at(3, 2), 1));
    expect(reasons(await modulesOf(member))).toEqual([
      null,
      'blocked',
      'blocked',
      'blocked',
      ...Array(4).fill('schedule'),
    ]);
    // Submitting the consultation while blocked opens nothing yet.
    await course.deliver(
      statusChanged(member, { planStatus: 'rs_active', consultationStatus: 'submitted' }, at(3, 3)),
    );
    expect((await modulesOf(member)).map((module) => module.isAvailable)).toEqual(firstSections(1));

    await course.deliver(standingChanged(member, 'current', at(3, 4), 2));
    expect(reasons(await modulesOf(member))).toEqual([null, null, null, null, ...Array(4).fill('schedule')]);
  });

  it('the admin previewing the course sees everything open', async () => {
    const admin = user('admin');
    const modules = await modulesOf(admin);
    expect(modules.every((module) => module.isAvailable && module.lockedReason === null)).toBe(true);
  });
});

describe('the block rule', () => {
  const modules = [0, 1, 2].map((day) => ({ id: day + 1, availableAfterDays: day }));
  const plan = (since: Date): PlanState => ({
    planStatus: 'rs_active',
    consultationStatus: 'submitted',
    block: { since, beforeConsultation: false },
  });
  const reasonsAt = (state: PlanState, now: Date) =>
    [
      ...computeSectionStates({
        modules,
        enrolledAt: ENROLLED_AT,
        isAdmin: false,
        plan: state,
        completedModules: new Map(),
        now,
      }).values(),
    ].map((section) => section.lockedReason);

  it('a section released at the very moment the block began was open, so it stays open', () => {
    expect(reasonsAt(plan(at(1)), at(5))).toEqual([null, null, 'blocked']);
  });

  it('a section not due yet says when it is due, blocked or not', () => {
    expect(reasonsAt(plan(at(0, 1)), at(1, 1))).toEqual([null, 'blocked', 'schedule']);
  });
});
