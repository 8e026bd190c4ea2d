/**
 * Staff seats through the real service (docs/behaviour/member-learning.md#team): a buyer invites up to 5
 * staff (never past 5 under parallel requests, never twice the same address, never themselves); once auth
 * reports the invitee's account the seat enrols it with the drip from its own start; the owner sees each
 * member's progress; removing a member, or the owner's refund or paused payment plan, withdraws what the seat
 * gave, and the seats stay ended when the plan resumes (the owner invites again).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  AvailableModuleListSchema,
  CourseTeamMemberInvitedSchema,
  TeamMemberSchema,
  TeamSchema,
  type EventData,
  type EventEnvelope,
} from '@platform/contracts';
import { DAY } from '@platform/service-kit/clock';
import { envelope } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { backings } from '../../__tests__/harness.js';
import { teamSeats } from '../../db/schema.js';
import {
  granted,
  json,
  jsonRequest,
  revoked,
  user,
  type User,
  useSeededCourse,
} from '../../learning/__tests__/fixtures.js';

const STARTED = new Date('2030-03-04T09:00:00.000Z');

describe.each(backings())('staff seats on $name', (factory) => {
  const { course, outline, clock } = useSeededCourse(factory, { at: STARTED });

  const invite = (owner: User, email: unknown) =>
    course.requestAs(owner, '/api/team/invitations', jsonRequest({ email }));
  const teamOf = async (caller: User) =>
    TeamSchema.parse(await json(await course.requestAs(caller, '/api/team')));

  async function owner(at = STARTED) {
    const someone = user();
    const grant = granted(someone, [outline.courseId], at);
    await course.deliver(grant);
    return { someone, orderId: grant.data.orderId };
  }

  async function invitations(seatId: string) {
    return (await course.events('course.team.member-invited'))
      .map((row) => CourseTeamMemberInvitedSchema.parse(row.data))
      .filter((e) => e.seatId === seatId);
  }

  /** What auth answers once the invitee's account exists. */
  function prepared(
    seatId: string,
    member: User,
    at: Date,
  ): EventEnvelope<EventData<'auth.team-member.prepared'>> {
    return envelope('auth.team-member.prepared', {
      seatId,
      ownerId: randomUUID(),
      ownerName: 'Ana Owner',
      userId: member.userId,
      email: member.email,
      isNewAccount: true,
      setPassword: null,
      preparedAt: at.toISOString(),
    });
  }

  /** A buyer since STARTED whose chef joined a seat that day. */
  async function ownerWithChef() {
    clock.set(STARTED);
    const { someone: boss, orderId } = await owner();
    const chef = user();
    const seat = TeamMemberSchema.parse(await (await invite(boss, chef.email)).json());
    await course.deliver(prepared(seat.id, chef, STARTED));
    return { boss, orderId, chef, seat };
  }

  const openSections = async (caller: User) =>
    AvailableModuleListSchema.parse(
      await json(await course.requestAs(caller, `/api/courses/${outline.courseId}/available-modules`)),
    )
      .filter((section) => section.isAvailable)
      .map((section) => section.id);

  it('invites a chef who studies on their own account from their own start, seen by the owner only', async () => {
    clock.set(STARTED);
    const { someone: boss } = await owner();
    const chef = user();
    const asked = await invite(boss, `  ${chef.email.toUpperCase()} `);
    expect(asked.status).toBe(201);
    const seat = TeamMemberSchema.parse(await asked.json());
    expect(seat).toMatchObject({ email: chef.email, status: 'invited' });
    expect(await invitations(seat.id)).toEqual([
      expect.objectContaining({ ownerId: boss.userId, email: chef.email }),
    ]);
    // Before the account is ready the chef only previews the course.
    expect(await openSections(chef)).toEqual([]);

    const joinedAt = new Date(STARTED.getTime() + 3 * DAY);
    clock.set(new Date(joinedAt.getTime() + 60_000));
    const ready = prepared(seat.id, chef, joinedAt);
    await course.deliver(ready);
    await course.deliver({ ...ready }); // a redelivery changes nothing
    // The owner is 3 days in; the chef starts today with the same drip.
    expect(await openSections(boss)).toEqual(outline.sections.slice(0, 4).map((section) => section.id));
    expect(await openSections(chef)).toEqual([outline.sections[0]!.id]);

    const first = outline.sections[0]!;
    expect(
      (await course.requestAs(chef, `/api/modules/${first.id}/complete`, { method: 'POST' })).status,
    ).toBeLessThan(300);
    const team = await teamOf(boss);
    expect(team).toMatchObject({ seatLimit: 5, canInvite: true });
    expect(team.members).toEqual([
      expect.objectContaining({
        id: seat.id,
        status: 'active',
        completedSections: 1,
        totalSections: outline.sections.filter((section) => section.isPublished).length,
      }),
    ]);
    // The chef has no team of their own and cannot invite on the owner's purchase.
    expect(await teamOf(chef)).toEqual({ seatLimit: 5, canInvite: false, members: [] });
    const refused = await invite(chef, user().email);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: 'Only a buyer of the course can invite staff' });
  });

  it('gives at most 5 seats under parallel requests, one per address, never to oneself or a non-buyer', async () => {
    const { someone: boss } = await owner();
    const answers = await Promise.all(Array.from({ length: 7 }, () => invite(boss, user().email)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 201, 201, 201, 409, 409]);
    const full = answers.find((answer) => answer.status === 409)!;
    expect(await full.json()).toMatchObject({
      message: 'All 5 seats are taken. Remove a member to free one.',
    });
    expect((await teamOf(boss)).members).toHaveLength(5);

    const { someone: other } = await owner();
    const email = user().email;
    expect((await invite(other, email)).status).toBe(201);
    const twice = await invite(other, email.toUpperCase());
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ message: 'This person is already on your team' });
    const self = await invite(other, other.email);
    expect(self.status).toBe(400);
    expect(await self.json()).toMatchObject({ message: 'You cannot invite yourself' });
    const bad = await invite(other, 'not-an-address');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Please enter a valid email address' });
    expect((await invite(user(), user().email)).status).toBe(403);
    expect((await teamOf(other)).members).toHaveLength(1);
  });

  it('removing a member frees the seat and ends their course; only the owner may remove', async () => {
    clock.set(STARTED);
    const { someone: boss } = await owner();
    const chef = user();
    const seat = TeamMemberSchema.parse(await (await invite(boss, chef.email)).json());
    await course.deliver(prepared(seat.id, chef, STARTED));
    expect(await openSections(chef)).toHaveLength(1);

    const remove = (caller: User, id: string) =>
      course.requestAs(caller, `/api/team/members/${id}`, { method: 'DELETE' });
    expect((await remove(user(), seat.id)).status).toBe(404);
    expect((await remove(boss, 'not-a-seat')).status).toBe(404);
    expect((await remove(boss, seat.id)).status).toBe(204);
    expect((await remove(boss, seat.id)).status).toBe(404);
    expect(await openSections(chef)).toEqual([]);
    expect((await teamOf(boss)).members).toEqual([]);

    // A seat removed before the account was ready enrols nobody when auth answers late.
    const late = user();
    const early = TeamMemberSchema.parse(await (await invite(boss, late.email)).json());
    expect((await remove(boss, early.id)).status).toBe(204);
    await course.deliver(prepared(early.id, late, STARTED));
    expect(await openSections(late)).toEqual([]);
  });

  it("ends every seat when the owner's purchase is refunded", async () => {
    const { boss, orderId, chef } = await ownerWithChef();
    expect(await openSections(chef)).toHaveLength(1);

    await course.deliver(
      envelope('auth.member.revoked', {
        userId: boss.userId,
        email: boss.email,
        orderId,
        courseIds: [outline.courseId],
        membershipEnded: true,
        revokedAt: STARTED.toISOString(),
      }),
    );
    expect(await openSections(chef)).toEqual([]);
    expect(await teamOf(boss)).toEqual({ seatLimit: 5, canInvite: false, members: [] });
  });

  it('a member who buys the course has a team of their own; one whose own purchase is refunded has none', async () => {
    const { chef } = await ownerWithChef();
    expect((await teamOf(chef)).canInvite).toBe(false);
    // The chef buys the course: that purchase stands on its own (docs/decisions.md, 94).
    const purchase = granted(chef, [outline.courseId], STARTED);
    await course.deliver(purchase);
    expect((await teamOf(chef)).canInvite).toBe(true);
    const commis = user();
    const seat = TeamMemberSchema.parse(await (await invite(chef, commis.email)).json());
    await course.deliver(prepared(seat.id, commis, STARTED));
    expect(await openSections(commis)).toHaveLength(1);

    // Refunded, the chef studies on the boss's seat alone: no team, and the commis loses the course.
    await course.deliver(revoked(purchase, STARTED));
    expect(await openSections(chef)).toHaveLength(1);
    expect(await teamOf(chef)).toEqual({ seatLimit: 5, canInvite: false, members: [] });
    expect(await openSections(commis)).toEqual([]);
  });

  it('ends every seat when the owner deletes their account: the chef loses the course and gains no team', async () => {
    const { boss, chef } = await ownerWithChef();
    expect(await openSections(chef)).toHaveLength(1);

    await course.deliver(
      envelope('auth.account.deleted', {
        userId: boss.userId,
        email: boss.email,
        deletedAt: STARTED.toISOString(),
        by: 'self',
      }),
    );
    expect(await openSections(chef)).toEqual([]);
    expect(await teamOf(chef)).toEqual({ seatLimit: 5, canInvite: false, members: [] });
    expect((await invite(chef, user().email)).status).toBe(403);
  });

  it("ends every seat when the owner's plan pauses; the owner invites again once it resumes", async () => {
    const { boss, orderId, chef, seat } = await ownerWithChef();
    const first = outline.sections[0]!;
    expect(await openSections(chef)).toEqual([first.id]);
    expect(
      (await course.requestAs(chef, `/api/modules/${first.id}/complete`, { method: 'POST' })).status,
    ).toBeLessThan(300);

    const plan = {
      orderId,
      userId: boss.userId,
      email: boss.email,
      firstName: 'Ana',
      courseIds: [outline.courseId],
    };
    const pausedAt = new Date(STARTED.getTime() + 38 * DAY);
    clock.set(pausedAt);
    const pause = envelope('payment.plan.paused', { ...plan, pausedAt: pausedAt.toISOString() });
    await course.deliver(pause);
    await course.deliver({ ...pause, id: randomUUID() }); // emitted again: nothing more to end
    expect(await openSections(boss)).toEqual([]);
    expect(await openSections(chef)).toEqual([]);
    expect(await teamOf(boss)).toEqual({ seatLimit: 5, canInvite: false, members: [] });
    const closed = await course.service.deps.db
      .select({ status: teamSeats.status, closedAt: teamSeats.closedAt })
      .from(teamSeats)
      .where(eq(teamSeats.id, seat.id));
    expect(closed).toEqual([{ status: 'ended', closedAt: pausedAt }]);

    // Paid again: the owner's course opens with its dates; the seat stays ended and the chef with it.
    const resumedAt = new Date(pausedAt.getTime() + 2 * DAY);
    clock.set(resumedAt);
    await course.deliver(envelope('payment.plan.resumed', { ...plan, resumedAt: resumedAt.toISOString() }));
    expect((await openSections(boss)).length).toBeGreaterThan(1);
    expect(await openSections(chef)).toEqual([]);
    expect(await teamOf(boss)).toEqual({ seatLimit: 5, canInvite: true, members: [] });

    // Invited again, the chef studies from the new seat's start and keeps what they completed.
    const again = TeamMemberSchema.parse(await (await invite(boss, chef.email)).json());
    await course.deliver(prepared(again.id, chef, resumedAt));
    expect(await openSections(chef)).toEqual([first.id]);
    expect((await teamOf(boss)).members).toEqual([
      expect.objectContaining({ id: again.id, status: 'active', completedSections: 1 }),
    ]);
  });
});
