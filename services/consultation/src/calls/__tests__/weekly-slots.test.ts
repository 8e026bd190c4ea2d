/**
 * Weekly availability into call slots: wall times in the admin's zone become the right instants, in
 * summer and winter, the hour skipped in spring offers nothing, the repeated autumn hour offers one slot,
 * and only slots inside the asked period come back, soonest first.
 */
import { describe, expect, it } from '@jest/globals';
import { instantOfWallClock, weeklySlots } from '../weekly-slots.js';

const iso = (slots: { startsAt: Date; endsAt: Date }[]) =>
  slots.map((slot) => [slot.startsAt.toISOString(), slot.endsAt.toISOString()]);

describe('weekly call slots', () => {
  it('cuts each weekday range into slots in the admin zone (Denver in winter is UTC-7)', () => {
    const slots = weeklySlots(
      {
        timeZone: 'America/Denver',
        slotMinutes: 30,
        windows: [
          { weekday: 2, start: '09:00', end: '10:15' },
          { weekday: 4, start: '16:00', end: '17:00' },
        ],
      },
      new Date('2026-12-01T00:00:00Z'), // Monday evening in Denver
      new Date('2026-12-04T00:00:00Z'),
    );
    // The last slot starts before `until` and may end after it.
    expect(iso(slots)).toEqual([
      ['2026-12-01T16:00:00.000Z', '2026-12-01T16:30:00.000Z'],
      ['2026-12-01T16:30:00.000Z', '2026-12-01T17:00:00.000Z'],
      ['2026-12-03T23:00:00.000Z', '2026-12-03T23:30:00.000Z'],
      ['2026-12-03T23:30:00.000Z', '2026-12-04T00:00:00.000Z'],
    ]);
  });

  it('follows summer time (Berlin in July is UTC+2) and keeps slots from `from` on', () => {
    const slots = weeklySlots(
      { timeZone: 'Europe/Berlin', slotMinutes: 60, windows: [{ weekday: 3, start: '10:00', end: '13:00' }] },
      new Date('2026-07-01T09:30:00Z'),
      new Date('2026-07-09T00:00:00Z'),
    );
    expect(iso(slots).map(([start]) => start)).toEqual([
      '2026-07-01T10:00:00.000Z',
      '2026-07-08T08:00:00.000Z',
      '2026-07-08T09:00:00.000Z',
      '2026-07-08T10:00:00.000Z',
    ]);
  });

  it('offers nothing in the hour skipped in spring and one slot in the hour repeated in autumn', () => {
    const ny = 'America/New_York';
    // Sunday 8 March 2026: 02:00 becomes 03:00.
    expect(instantOfWallClock(Date.UTC(2026, 2, 8, 2, 30), ny)).toBeNull();
    const spring = weeklySlots(
      { timeZone: ny, slotMinutes: 60, windows: [{ weekday: 7, start: '01:00', end: '04:00' }] },
      new Date('2026-03-08T00:00:00Z'),
      new Date('2026-03-09T00:00:00Z'),
    );
    expect(iso(spring).map(([start]) => start)).toEqual([
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T07:00:00.000Z',
    ]);
    // Sunday 1 November 2026: 01:00–02:00 happens twice; the first (EDT, UTC-4) is offered.
    expect(new Date(instantOfWallClock(Date.UTC(2026, 10, 1, 1, 30), ny)!).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('offers no slot that does not fit whole in its range, and none without ranges', () => {
    const none = weeklySlots(
      { timeZone: 'UTC', slotMinutes: 45, windows: [{ weekday: 1, start: '09:00', end: '09:30' }] },
      new Date('2026-11-30T00:00:00Z'),
      new Date('2026-12-07T00:00:00Z'),
    );
    expect(none).toEqual([]);
    expect(
      weeklySlots({ timeZone: 'UTC', slotMinutes: 30, windows: [] }, new Date(0), new Date(7 * 86_400_000)),
    ).toEqual([]);
  });
});
