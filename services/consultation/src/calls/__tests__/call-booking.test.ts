/**
 * Booking a consultation call: the admin publishes a week in their zone, the owner sees the open slots as
 * instants, books one (an event carrying both zones), sees it instead of the slots, cancels (a second
 * event) and books again. Under parallel requests exactly one booking takes a slot; a slot not published,
 * a second booking and a request not completed are refused with one message; strangers get 404, members
 * on the admin path 403; bad availability is refused field by field and nothing changes; past the limit
 * per owner a 429; a request erased while its call is booked is a 404.
 */
import { describe, expect, it } from '@jest/globals';
import {
  AdminCallListSchema,
  CALL_MESSAGES,
  CallAvailabilityViewSchema,
  CallBookingSchema,
  ConsultationCallSchema,
  type ConsultationResponse,
} from '@platform/contracts';
import { SettableClock } from '@platform/service-kit/clock';
import { useBacking } from '@platform/service-kit/testing';
import { stepOne } from '../../__tests__/fixtures.js';
import { admin, backings, json, startConsultation, user, whileErased } from '../../__tests__/harness.js';
import type { ConsultationUnderTest } from '../../__tests__/harness.js';
import { findSubmission } from '../../submissions/submissions.repository.js';
import { bookCall } from '../change-call.js';

// Monday 7 December 2026, 15:00 UTC (8:00 in Denver).
const NOW = '2026-12-07T15:00:00.000Z';
const WEEK = {
  timeZone: 'America/Denver',
  slotMinutes: 30,
  windows: [
    { weekday: 2, start: '09:00', end: '10:00' },
    { weekday: 4, start: '13:00', end: '14:00' },
  ],
};

/** Bookings and cancellations per owner per hour: more than any owner here uses but the last test's. */
const CHANGES_PER_HOUR = 20;

const put = (body: unknown): RequestInit => ({ ...json(body), method: 'PUT' });
const remove: RequestInit = { method: 'DELETE' };

describe.each(backings())('booking a consultation call on $name', (factory) => {
  let app: ConsultationUnderTest;
  const clock = new SettableClock(NOW);
  const boss = admin();
  const owner = user({ email: 'lena@corner-cafe.com' });
  const rival = user({ email: 'omar@harbor-grill.com' });
  let mine: string;
  let theirs: string;

  async function completedRequestOf(caller: typeof owner): Promise<string> {
    const response = await app.requestAs(caller, '/api/consultation', json(stepOne({ email: caller.email })));
    const { submissionId } = (await response.json()) as ConsultationResponse;
    expect(
      (await app.requestAs(caller, `/api/consultation/${submissionId}/complete`, { method: 'POST' })).status,
    ).toBe(200);
    return submissionId;
  }

  useBacking(factory, async (backing) => {
    app = await startConsultation(backing, {
      clock,
      env: { CONSULTATION_CALL_CHANGES_PER_HOUR: String(CHANGES_PER_HOUR) },
    });
    mine = await completedRequestOf(owner);
    theirs = await completedRequestOf(rival);
    return app;
  });

  const callOf = (id: string) => `/api/consultations/${id}/call`;
  const availability = '/api/admin/consultations/call-availability';
  const book = (caller: typeof owner, id: string, startsAt: string, timeZone: string) =>
    app.requestAs(caller, callOf(id), json({ startsAt, timeZone }));
  async function readCall(caller: typeof owner, id: string) {
    const response = await app.requestAs(caller, callOf(id));
    expect(response.status).toBe(200);
    return ConsultationCallSchema.parse(await response.json());
  }

  it('offers nothing before the admin publishes a week', async () => {
    const view = CallAvailabilityViewSchema.parse(await (await app.requestAs(boss, availability)).json());
    expect(view).toEqual({ timeZone: 'UTC', slotMinutes: 30, windows: [], updatedAt: null });
    expect(await readCall(owner, mine)).toEqual({
      adminTimeZone: null,
      slotMinutes: null,
      slots: [],
      booking: null,
    });
  });

  it('publishes a week in the admin zone and offers its slots for 14 days as instants', async () => {
    const published = await app.requestAs(boss, availability, put(WEEK));
    expect(published.status).toBe(200);
    expect(CallAvailabilityViewSchema.parse(await published.json())).toEqual({ ...WEEK, updatedAt: NOW });

    const call = await readCall(owner, mine);
    expect(call).toMatchObject({ adminTimeZone: 'America/Denver', slotMinutes: 30, booking: null });
    // Tuesdays 9:00 and 9:30, Thursdays 13:00 and 13:30 in Denver (UTC-7), two weeks: 8 slots.
    expect(call.slots.slice(0, 4)).toEqual([
      { startsAt: '2026-12-08T16:00:00.000Z', endsAt: '2026-12-08T16:30:00.000Z' },
      { startsAt: '2026-12-08T16:30:00.000Z', endsAt: '2026-12-08T17:00:00.000Z' },
      { startsAt: '2026-12-10T20:00:00.000Z', endsAt: '2026-12-10T20:30:00.000Z' },
      { startsAt: '2026-12-10T20:30:00.000Z', endsAt: '2026-12-10T21:00:00.000Z' },
    ]);
    expect(call.slots).toHaveLength(8);
  });

  it('books exactly one of many parallel requests for the same slot', async () => {
    const slot = '2026-12-08T16:00:00.000Z';
    const contenders = [owner, rival];
    const answers = await Promise.all(
      [0, 1, 2, 3].map((index) => {
        const caller = contenders[index % 2]!;
        const id = caller === owner ? mine : theirs;
        return app.requestAs(caller, callOf(id), json({ startsAt: slot, timeZone: 'Europe/Lisbon' }));
      }),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    const winner = CallBookingSchema.parse(await answers.find((answer) => answer.status === 201)!.json());
    expect(winner).toMatchObject({ startsAt: slot, status: 'booked', ownerTimeZone: 'Europe/Lisbon' });
    const refusals = await Promise.all(answers.filter((a) => a.status === 409).map((a) => a.json()));
    for (const refusal of refusals) {
      expect([
        'This time was just booked by someone else. Please choose another.',
        'You already have a call booked. Cancel it to choose another time.',
      ]).toContain((refusal as { message: string }).message);
    }
    expect(await app.events('consultation.call.booked')).toHaveLength(1);

    // Whoever lost sees the slot gone; the winner sees their booking and no slots.
    const winnerId = winner.submissionId;
    const loserId = winnerId === mine ? theirs : mine;
    const loser = winnerId === mine ? rival : owner;
    const winnerCaller = winnerId === mine ? owner : rival;
    expect((await readCall(loser, loserId)).slots.map((open) => open.startsAt)).not.toContain(slot);
    expect(await readCall(winnerCaller, winnerId)).toMatchObject({ slots: [], booking: { id: winner.id } });

    // Cancelled: the slot is open again, to anyone.
    const cancelled = await app.requestAs(winnerCaller, callOf(winnerId), remove);
    expect(cancelled.status).toBe(200);
    expect(CallBookingSchema.parse(await cancelled.json())).toMatchObject({
      id: winner.id,
      status: 'cancelled',
    });
    expect((await readCall(loser, loserId)).slots[0]!.startsAt).toBe(slot);
    expect((await app.requestAs(winnerCaller, callOf(winnerId), remove)).status).toBe(404);
  });

  it('books, cancels and books again, each change an event with both zones', async () => {
    const first = await book(owner, mine, '2026-12-10T20:00:00.000Z', 'America/New_York');
    expect(first.status).toBe(201);
    const again = await book(owner, mine, '2026-12-10T20:30:00.000Z', 'America/New_York');
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      message: 'You already have a call booked. Cancel it to choose another time.',
    });

    const calls = AdminCallListSchema.parse(
      await (await app.requestAs(boss, '/api/admin/consultations/calls')).json(),
    );
    expect(calls).toEqual([
      expect.objectContaining({
        submissionId: mine,
        startsAt: '2026-12-10T20:00:00.000Z',
        businessName: 'Blue Door Bistro LLC',
        email: 'lena@corner-cafe.com',
        ownerTimeZone: 'America/New_York',
        adminTimeZone: 'America/Denver',
      }),
    ]);

    expect((await app.requestAs(owner, callOf(mine), remove)).status).toBe(200);
    const rebooked = await book(owner, mine, '2026-12-10T20:30:00.000Z', 'America/New_York');
    expect(rebooked.status).toBe(201);

    const booked = (await app.events('consultation.call.booked')).map((event) => event.data);
    const cancelled = (await app.events('consultation.call.cancelled')).map((event) => event.data);
    expect(booked.at(-1)).toMatchObject({
      submissionId: mine,
      email: 'lena@corner-cafe.com',
      startsAt: '2026-12-10T20:30:00.000Z',
      endsAt: '2026-12-10T21:00:00.000Z',
      ownerTimeZone: 'America/New_York',
      adminTimeZone: 'America/Denver',
      sequence: 0,
    });
    expect(cancelled.at(-1)).toMatchObject({ startsAt: '2026-12-10T20:00:00.000Z', sequence: 1 });
    expect(cancelled.at(-1)!.bookingId).toBe(booked.at(-2)!.bookingId);
    expect((await app.requestAs(owner, callOf(mine), remove)).status).toBe(200);
  });

  it.each([
    [
      'a time that is not a slot',
      { startsAt: '2026-12-08T16:10:00.000Z', timeZone: 'UTC' },
      400,
      'This time is not open for booking. Please choose one of the open times.',
    ],
    [
      'a slot sooner than 2 hours',
      { startsAt: '2026-12-07T15:30:00.000Z', timeZone: 'UTC' },
      400,
      'This time is not open for booking. Please choose one of the open times.',
    ],
    [
      'an unknown zone',
      { startsAt: '2026-12-08T16:00:00.000Z', timeZone: 'Mars/Olympus' },
      400,
      'Please choose a valid time zone',
    ],
    ['no time', { timeZone: 'UTC' }, 400, 'Please choose one of the open times'],
  ])('refuses %s and books nothing', async (_name, body, status, message) => {
    const before = (await app.events('consultation.call.booked')).length;
    const response = await app.requestAs(owner, callOf(mine), json(body));
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ message });
    expect(await app.events('consultation.call.booked')).toHaveLength(before);
  });

  it('refuses a request that is not completed, strangers, members on the admin path and visitors', async () => {
    const response = await app.requestAs(owner, '/api/consultation', json(stepOne({ email: owner.email })));
    const { submissionId: draft } = (await response.json()) as ConsultationResponse;
    const early = await book(owner, draft, '2026-12-08T16:00:00.000Z', 'UTC');
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({
      message: 'Complete your consultation request before booking a call.',
    });

    const stranger = user();
    expect((await app.requestAs(stranger, callOf(mine))).status).toBe(404);
    expect((await app.requestAs(stranger, callOf(mine), remove)).status).toBe(404);
    expect((await app.request(callOf(mine))).status).toBe(401);
    expect((await app.requestAs(owner, availability)).status).toBe(403);
    expect((await app.requestAs(owner, availability, put(WEEK))).status).toBe(403);
    expect((await app.requestAs(owner, '/api/admin/consultations/calls')).status).toBe(403);
  });

  it.each([
    ['an unknown zone', { ...WEEK, timeZone: 'Nowhere/Town' }, 'timeZone', 'Please choose a valid time zone'],
    [
      'a 20-minute call',
      { ...WEEK, slotMinutes: 20 },
      'slotMinutes',
      'Please choose a call length of 15, 30, 45 or 60 minutes',
    ],
    [
      'an end before its start',
      { ...WEEK, windows: [{ weekday: 1, start: '10:00', end: '09:00' }] },
      'windows.0.end',
      'The end must be after the start',
    ],
    [
      'a time that is not HH:MM',
      { ...WEEK, windows: [{ weekday: 1, start: '9am', end: '10:00' }] },
      'windows.0.start',
      'Please enter a time as HH:MM',
    ],
    [
      'overlapping ranges',
      {
        ...WEEK,
        windows: [
          { weekday: 1, start: '09:00', end: '11:00' },
          { weekday: 1, start: '10:30', end: '12:00' },
        ],
      },
      'windows.1',
      'Time ranges on the same day must not overlap',
    ],
  ])(
    'refuses availability with %s, naming the field, and keeps the week',
    async (_name, body, path, message) => {
      const response = await app.requestAs(boss, availability, put(body));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message, issues: [{ path, message }] });
      const view = CallAvailabilityViewSchema.parse(await (await app.requestAs(boss, availability)).json());
      expect(view).toMatchObject(WEEK);
    },
  );

  it('keeps a call that has taken place: cancelling it is refused and withdraws nothing', async () => {
    const held = user({ email: 'ines@taqueria-sol.com' });
    const id = await completedRequestOf(held);
    const slot = (await readCall(held, id)).slots[0]!;
    expect((await book(held, id, slot.startsAt, 'UTC')).status).toBe(201);
    const cancellationsBefore = (await app.events('consultation.call.cancelled')).length;
    try {
      clock.set(slot.startsAt);
      const refused = await app.requestAs(held, callOf(id), remove);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ message: CALL_MESSAGES.alreadyHeld });
      expect((await readCall(held, id)).booking).toMatchObject({ startsAt: slot.startsAt, status: 'booked' });
      expect(await app.events('consultation.call.cancelled')).toHaveLength(cancellationsBefore);
    } finally {
      clock.set(NOW);
    }
  });

  it('limits bookings and cancellations per owner: past the limit a 429 and nothing booked', async () => {
    const busy = user({ email: 'kim@noodle-bar.com' });
    const id = await completedRequestOf(busy);
    for (let tried = 0; tried < CHANGES_PER_HOUR; tried += 1) {
      expect((await book(busy, id, '2026-12-08T16:10:00.000Z', 'UTC')).status).toBe(400);
    }
    const open = (await readCall(busy, id)).slots[0]!.startsAt;
    const refused = await book(busy, id, open, 'UTC');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await readCall(busy, id)).booking).toBeNull();
    expect((await book(owner, mine, open, 'UTC')).status).toBe(201);
  });

  // The owner's account erased (another tab) while their booking is being written. PostgreSQL only: PGlite
  // runs one transaction at a time, so nothing there can interleave.
  if (factory.name.startsWith('PostgreSQL')) {
    it('answers 404, not a failure, when the request is erased while the call is being booked', async () => {
      const leaving = user({ email: 'jo@leaving-diner.com' });
      const id = await completedRequestOf(leaving);
      const slot = (await readCall(leaving, id)).slots.at(-1)!.startsAt;
      const submission = (await findSubmission(app.service.deps.db, id))!;
      const request = { startsAt: slot, timeZone: 'UTC' };
      const outcome = await whileErased(app, leaving, (deps) =>
        bookCall(deps, { submission, userId: leaving.userId, request }),
      );
      expect(outcome).toMatchObject({ type: 'not_found', message: 'Consultation not found' });
      expect(
        (await app.events('consultation.call.booked')).map((event) => event.data.submissionId),
      ).not.toContain(id);
    });
  }
});
