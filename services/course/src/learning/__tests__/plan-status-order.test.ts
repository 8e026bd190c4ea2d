/**
 * Which `auth.user.status-changed` the plan projection keeps, through the real service and its bus: the
 * highest `sequence` wins, so two changes stamped at the same instant (a clock that stands still) or an
 * older change stamped by a clock running ahead still end in the later change, whichever arrives first.
 * Events without a sequence (sent before auth numbered its changes) fall back to a strictly newer
 * `changedAt` and never undo a later numbered change. Seen as a member sees it: section 2, due, waits for
 * the consultation while the plan is rs_pending and opens once it is rs_active.
 */
import { describe, expect, it } from '@jest/globals';
import { DAY, HOUR, MINUTE } from '@platform/service-kit/clock';
import { backings } from '../../__tests__/harness.js';
import { findOwnerStanding, findPlanStatus } from '../learning.repository.js';
import { standingChanged, statusChanged, type User, useSeededCourse } from './fixtures.js';

const ENROLLED_AT = new Date('2030-06-01T08:00:00.000Z');
/** Section 2 is due (day 1 has come): only the plan status decides whether it is open. */
const NOW = new Date(ENROLLED_AT.getTime() + DAY + HOUR);
const later = (ms: number) => new Date(NOW.getTime() + ms);

const PENDING = { planStatus: 'rs_pending', consultationStatus: 'not_started' } as const;
const ACTIVE = { planStatus: 'rs_active', consultationStatus: 'submitted' } as const;

describe.each(backings())('the order of plan status changes on $name', (factory) => {
  const { course, enrol, modulesOf } = useSeededCourse(factory, { at: NOW });

  /** Why section 2 is locked for the member (null: open). */
  const secondSection = async (member: User) => (await modulesOf(member))[1]!.lockedReason;

  const stored = (member: User) => findPlanStatus(course.service.deps.db, member.userId);

  it.each([
    { earlier: 'stamped at the same instant', earlierAt: NOW },
    { earlier: 'stamped by a clock running ahead', earlierAt: later(MINUTE) },
  ])(
    'keeps the later of two changes, the earlier one $earlier, in either order of arrival',
    async ({ earlierAt }) => {
      const inOrder = await enrol(ENROLLED_AT);
      await course.deliver(statusChanged(inOrder, PENDING, earlierAt, 1));
      expect(await secondSection(inOrder)).toBe('consultation');
      await course.deliver(statusChanged(inOrder, ACTIVE, NOW, 2));
      expect(await secondSection(inOrder)).toBeNull();
      expect(await stored(inOrder)).toMatchObject({ ...ACTIVE, statusSequence: 2, changedAt: NOW });

      const reversed = await enrol(ENROLLED_AT);
      await course.deliver(statusChanged(reversed, ACTIVE, NOW, 2));
      await course.deliver(statusChanged(reversed, PENDING, earlierAt, 1));
      expect(await secondSection(reversed)).toBeNull();
      expect(await stored(reversed)).toMatchObject({ ...ACTIVE, statusSequence: 2, changedAt: NOW });
    },
  );

  it('lifts a block that began at the same instant, whichever change arrives first', async () => {
    for (const order of [
      [1, 2],
      [2, 1],
    ]) {
      const owner = await enrol(ENROLLED_AT);
      await course.deliver(statusChanged(owner, ACTIVE, NOW, 1));
      for (const sequence of order) {
        await course.deliver(standingChanged(owner, sequence === 1 ? 'blocked' : 'current', NOW, sequence));
      }
      expect(await findOwnerStanding(course.service.deps.db, owner.userId)).toMatchObject({
        status: 'current',
        sequence: 2,
        blockedSince: null,
        blockedBeforeConsultation: false,
      });
      expect(await secondSection(owner)).toBeNull();
    }
  });

  it('lets an event without a sequence change nothing unless it is newer than the numbered state', async () => {
    const member = await enrol(ENROLLED_AT);
    await course.deliver(statusChanged(member, ACTIVE, NOW, 1));

    // Older, or stamped at the same instant: the numbered change stays.
    await course.deliver(statusChanged(member, PENDING, later(-HOUR)));
    await course.deliver(statusChanged(member, PENDING, NOW));
    expect(await secondSection(member)).toBeNull();
    expect(await stored(member)).toMatchObject({ ...ACTIVE, statusSequence: 1, changedAt: NOW });

    // Newer (an auth replica not upgraded yet): it applies and the stored sequence stays, so an older
    // numbered change arriving late changes nothing and the next numbered one applies.
    await course.deliver(statusChanged(member, PENDING, later(MINUTE)));
    expect(await secondSection(member)).toBe('consultation');
    expect(await stored(member)).toMatchObject({ ...PENDING, statusSequence: 1, changedAt: later(MINUTE) });
    await course.deliver(statusChanged(member, ACTIVE, NOW, 1));
    expect(await secondSection(member)).toBe('consultation');
    await course.deliver(statusChanged(member, ACTIVE, NOW, 2));
    expect(await secondSection(member)).toBeNull();
    expect(await stored(member)).toMatchObject({ ...ACTIVE, statusSequence: 2, changedAt: NOW });
  });

  it('lets the first numbered change replace a state kept from events without a sequence', async () => {
    const member = await enrol(ENROLLED_AT);
    await course.deliver(statusChanged(member, PENDING, later(MINUTE)));
    await course.deliver(statusChanged(member, PENDING, later(2 * MINUTE)));
    expect(await stored(member)).toMatchObject({ ...PENDING, statusSequence: 0 });
    await course.deliver(statusChanged(member, ACTIVE, NOW, 1));
    expect(await secondSection(member)).toBeNull();
    expect(await stored(member)).toMatchObject({ ...ACTIVE, statusSequence: 1, changedAt: NOW });
  });
});
