/**
 * Drip release against a set clock, through the real service: each section opens exactly
 * `availableAfterDays × 24 h` after the enrolment (the minute before it is locked and gives away
 * nothing), a completed lesson or section is never locked again when the schedule moves, and an
 * rs_pending member waits for the consultation before sections 2-8.
 */
import { describe, expect, it } from '@jest/globals';
import {
  MemberLessonListSchema,
  MemberLessonSchema,
  SECTION_LOCKED_MESSAGE,
  type AvailableModuleList,
} from '@platform/contracts';
import { DAY, MINUTE } from '@platform/service-kit/clock';
import { backings } from '../../__tests__/harness.js';
import { firstSections } from '../../__tests__/sections.js';
import { json, statusChanged, useSeededCourse, withSectionsReleasedAfter } from './fixtures.js';

/** Enrolled at 07:13 UTC, so a release at a calendar midnight would show. */
const ENROLLED_AT = new Date('2030-03-01T07:13:00.000Z');

describe.each(backings())('drip release on $name', (factory) => {
  const { course, outline, clock, enrol, modulesOf } = useSeededCourse(factory, { at: ENROLLED_AT });

  const availability = (modules: AvailableModuleList) => modules.map((module) => module.isAvailable);

  it('opens one section per 24 hours after enrolment, to the minute, and hides locked lessons until then', async () => {
    clock.set(ENROLLED_AT);
    const member = await enrol();
    const first = await modulesOf(member);
    expect(first).toHaveLength(8);
    expect(availability(first)).toEqual(firstSections(1));
    first.forEach((module, index) => {
      expect(module.unlockDate).toBe(new Date(ENROLLED_AT.getTime() + index * DAY).toISOString());
      expect(module.lockedReason).toBe(index === 0 ? null : 'schedule');
    });

    for (let day = 1; day < 8; day += 1) {
      const section = outline.sections[day]!;
      const lesson = section.lessons[0]!;
      const unlock = ENROLLED_AT.getTime() + day * DAY;

      clock.set(new Date(unlock - MINUTE));
      expect((await modulesOf(member))[day]!.isAvailable).toBe(false);
      const lockedLessons = MemberLessonListSchema.parse(
        await json(await course.requestAs(member, `/api/modules/${section.id}/lessons`)),
      );
      expect(
        lockedLessons.every((item) => item.isLocked && item.content === null && item.videoUrl === null),
      ).toBe(true);
      const refused = await course.requestAs(member, `/api/lessons/${lesson.id}`);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: SECTION_LOCKED_MESSAGE });

      clock.set(new Date(unlock));
      const atUnlock = await modulesOf(member);
      expect(availability(atUnlock)).toEqual(firstSections(day + 1));
      const opened = await course.requestAs(member, `/api/lessons/${lesson.id}`);
      expect(opened.status).toBe(200);
      expect(MemberLessonSchema.parse(await opened.json())).toMatchObject({
        id: lesson.id,
        isLocked: false,
        content: lesson.content,
      });

      clock.set(new Date(unlock + MINUTE));
      expect((await modulesOf(member))[day]!.isAvailable).toBe(true);
    }
  });

  it('never locks a completed lesson or section again when the schedule moves later', async () => {
    clock.set(ENROLLED_AT);
    const member = await enrol();
    const [, second, third] = outline.sections;
    clock.set(new Date(ENROLLED_AT.getTime() + 2 * DAY));
    const done = second!.lessons[0]!;
    expect(
      (await course.requestAs(member, `/api/lessons/${done.id}/complete`, { method: 'POST' })).status,
    ).toBe(200);
    expect(
      (await course.requestAs(member, `/api/modules/${third!.id}/complete`, { method: 'POST' })).status,
    ).toBe(200);

    await withSectionsReleasedAfter(course, [second!, third!], 30, async () => {
      const modules = await modulesOf(member);
      expect(modules[1]).toMatchObject({ isAvailable: false, lockedReason: 'schedule' });
      expect(modules[2]).toMatchObject({ isAvailable: true, isCompleted: true, lockedReason: null });

      const lessons = MemberLessonListSchema.parse(
        await json(await course.requestAs(member, `/api/modules/${second!.id}/lessons`)),
      );
      expect(lessons.find((item) => item.id === done.id)).toMatchObject({
        isLocked: false,
        completed: true,
        content: done.content,
      });
      expect(
        lessons.filter((item) => item.id !== done.id).every((item) => item.isLocked && item.content === null),
      ).toBe(true);
      expect((await course.requestAs(member, `/api/lessons/${done.id}`)).status).toBe(200);
      expect((await course.requestAs(member, `/api/lessons/${second!.lessons[1]!.id}`)).status).toBe(403);
      expect((await course.requestAs(member, `/api/lessons/${third!.lessons[1]!.id}`)).status).toBe(200);
      // The completed lesson's own file still streams.
      const video = await course.requestAs(
        member,
        `/api/video-stream/${MemberLessonSchema.parse(
          await json(await course.requestAs(member, `/api/lessons/${done.id}`)),
        )
          .videoUrl!.split('/')
          .pop()}`,
        { redirect: 'manual' },
      );
      expect([200, 302]).toContain(video.status);
    });
  });

  it('keeps sections 2-8 of an rs_pending member closed until the consultation is submitted', async () => {
    clock.set(ENROLLED_AT);
    const member = await enrol();
    await course.deliver(
      statusChanged(member, { planStatus: 'rs_pending', consultationStatus: 'not_started' }, ENROLLED_AT),
    );
    // On enrolment day too, sections 2-8 say the consultation is what opens them, not 'in 1 day'; each
    // still carries its scheduled day.
    const firstDay = await modulesOf(member);
    expect(availability(firstDay)).toEqual(firstSections(1));
    expect(firstDay.map((module) => module.lockedReason)).toEqual([null, ...Array(7).fill('consultation')]);
    expect(firstDay[1]!.unlockDate).toBe(new Date(ENROLLED_AT.getTime() + DAY).toISOString());
    clock.set(new Date(ENROLLED_AT.getTime() + 3 * DAY));
    const waiting = await modulesOf(member);
    expect(availability(waiting)).toEqual(firstSections(1));
    expect(waiting.map((module) => module.lockedReason)).toEqual([null, ...Array(7).fill('consultation')]);
    expect(
      (await course.requestAs(member, `/api/lessons/${outline.sections[1]!.lessons[0]!.id}`)).status,
    ).toBe(403);

    await course.deliver(
      statusChanged(
        member,
        { planStatus: 'rs_pending', consultationStatus: 'in_progress' },
        new Date(ENROLLED_AT.getTime() + DAY),
      ),
    );
    expect(availability(await modulesOf(member))[1]).toBe(false);

    await course.deliver(
      statusChanged(
        member,
        { planStatus: 'rs_pending', consultationStatus: 'submitted' },
        new Date(ENROLLED_AT.getTime() + 2 * DAY),
      ),
    );
    expect(availability(await modulesOf(member))).toEqual(firstSections(4));
    expect(
      (await course.requestAs(member, `/api/lessons/${outline.sections[1]!.lessons[0]!.id}`)).status,
    ).toBe(200);

    // An older state arriving late (another consumer's redelivery) changes nothing.
    await course.deliver(
      statusChanged(member, { planStatus: 'rs_pending', consultationStatus: 'not_started' }, ENROLLED_AT),
    );
    expect(availability(await modulesOf(member))).toEqual(firstSections(4));

    // A regular member is never held back by the consultation.
    const regular = await enrol();
    expect(availability(await modulesOf(regular))).toEqual(firstSections(4));
  });
});
