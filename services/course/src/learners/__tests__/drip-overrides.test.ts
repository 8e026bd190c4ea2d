/**
 * The admin's drip overrides through the real service (docs/behaviour/admin.md#learners; docs/decisions.md,
 * 90): unlocking opens every section for that learner alone, with the reason kept; resetting restarts the
 * schedule from that moment and never locks what the learner completed; a missing reason, an unknown
 * learner or a caller who is not the admin changes nothing.
 */
import { describe, expect, it } from '@jest/globals';
import { AdminLearnerListSchema, AvailableModuleListSchema } from '@platform/contracts';
import { DAY, HOUR } from '@platform/service-kit/clock';
import { backings } from '../../__tests__/harness.js';
import { json, jsonRequest, user, type User, useSeededCourse } from '../../learning/__tests__/fixtures.js';

const ENROLLED_AT = new Date('2030-06-01T09:00:00.000Z');

describe.each(backings())('drip overrides on $name', (factory) => {
  const admin = user('admin');
  const { course, outline, clock, enrol } = useSeededCourse(factory, { at: ENROLLED_AT });

  const post = (caller: User, path: string, body: unknown) =>
    course.requestAs(caller, path, jsonRequest(body));
  const sectionsOf = async (member: User) =>
    AvailableModuleListSchema.parse(
      await json(await course.requestAs(member, `/api/courses/${outline.courseId}/available-modules`)),
    );
  const learnersFor = async (member: User) =>
    AdminLearnerListSchema.parse(await json(await course.requestAs(admin, '/api/admin/learners'))).filter(
      (learner) => learner.userId === member.userId,
    );

  async function member() {
    clock.set(ENROLLED_AT);
    const someone = await enrol();
    return someone;
  }

  it('unlocks every section for one learner, keeps the reason, and the learner can finish the course', async () => {
    const [unlocked, other] = [await member(), await member()];
    clock.set(new Date(ENROLLED_AT.getTime() + HOUR));
    expect((await sectionsOf(unlocked)).filter((section) => section.isAvailable)).toHaveLength(1);

    const answer = await post(admin, `/api/admin/learners/${unlocked.userId}/unlock-all`, {
      reason: '  Chef starts Monday; needs the whole course now  ',
    });
    expect(answer.status).toBe(200);
    const [view] = AdminLearnerListSchema.parse(await answer.json());
    expect(view).toMatchObject({
      userId: unlocked.userId,
      unlockedAllAt: clock.now().toISOString(),
      overrides: [
        {
          action: 'unlock_all',
          reason: 'Chef starts Monday; needs the whole course now',
          createdAt: clock.now().toISOString(),
        },
      ],
    });
    expect(
      (await sectionsOf(unlocked)).every((section) => section.isAvailable && section.lockedReason === null),
    ).toBe(true);
    // Nobody else's schedule moved.
    expect((await sectionsOf(other)).filter((section) => section.isAvailable)).toHaveLength(1);

    for (const section of outline.sections) {
      expect(
        (await course.requestAs(unlocked, `/api/modules/${section.id}/complete`, { method: 'POST' })).status,
      ).toBe(200);
    }
    const [done] = await learnersFor(unlocked);
    expect(done).toMatchObject({
      completedSectionCount: outline.sections.length,
      sectionCount: outline.sections.length,
      completedAt: clock.now().toISOString(),
    });
    expect((await json(await course.requestAs(unlocked, '/api/certificates'))) as unknown[]).toHaveLength(1);
  });

  it('restarts the schedule from the reset and never locks what was completed', async () => {
    const learner = await member();
    clock.set(new Date(ENROLLED_AT.getTime() + 2 * DAY + HOUR));
    const [first, second, third] = outline.sections;
    for (const section of [first!, second!]) {
      expect(
        (await course.requestAs(learner, `/api/modules/${section.id}/complete`, { method: 'POST' })).status,
      ).toBe(200);
    }
    expect((await sectionsOf(learner))[2]).toMatchObject({ isAvailable: true });

    const resetAt = new Date(ENROLLED_AT.getTime() + 3 * DAY);
    clock.set(resetAt);
    const reset = await post(admin, `/api/admin/learners/${learner.userId}/reset-progress`, {
      reason: 'Asked to start over after a month away',
    });
    expect(reset.status).toBe(200);
    const sections = await sectionsOf(learner);
    expect(sections[0]).toMatchObject({ isAvailable: true, isCompleted: true });
    expect(sections[1]).toMatchObject({ isAvailable: true, isCompleted: true });
    expect(sections[2]).toMatchObject({
      id: third!.id,
      isAvailable: false,
      lockedReason: 'schedule',
      unlockDate: new Date(resetAt.getTime() + third!.availableAfterDays * DAY).toISOString(),
    });

    // Unlocking after a reset opens everything again; the log keeps both, newest first.
    clock.set(new Date(resetAt.getTime() + HOUR));
    await post(admin, `/api/admin/learners/${learner.userId}/unlock-all`, { reason: 'Back on track' });
    expect((await sectionsOf(learner)).every((section) => section.isAvailable)).toBe(true);
    const [view] = await learnersFor(learner);
    expect(view!.overrides.map((entry) => entry.action)).toEqual(['unlock_all', 'reset_progress']);
    expect(view!.scheduleRestartedAt).toBe(resetAt.toISOString());
  });

  it('refuses a missing reason, an unknown learner and anyone but the admin, changing nothing', async () => {
    const learner = await member();
    for (const body of [{}, { reason: '   ' }]) {
      const refused = await post(admin, `/api/admin/learners/${learner.userId}/unlock-all`, body);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ message: 'Please give a reason' });
    }
    const tooLong = await post(admin, `/api/admin/learners/${learner.userId}/reset-progress`, {
      reason: 'x'.repeat(501),
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ message: 'The reason must be at most 500 characters' });
    expect(
      (await post(learner, `/api/admin/learners/${learner.userId}/unlock-all`, { reason: 'me' })).status,
    ).toBe(403);
    expect(
      (await post(admin, `/api/admin/learners/${user().userId}/unlock-all`, { reason: 'who' })).status,
    ).toBe(404);
    expect((await post(admin, '/api/admin/learners/not-an-id/unlock-all', { reason: 'who' })).status).toBe(
      404,
    );
    const [view] = await learnersFor(learner);
    expect(view).toMatchObject({ unlockedAllAt: null, scheduleRestartedAt: null, overrides: [] });
    expect((await sectionsOf(learner)).filter((section) => section.isAvailable)).toHaveLength(1);
  });
});
