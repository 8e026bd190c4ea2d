/** Open call slots grouped by the reader's day, with the reader's clock times. */
import { describe, expect, it } from '@jest/globals';
import { groupSlotsByDay, isCallHeld } from '../lib/call-booking';

const slots = [
  { startsAt: '2026-12-08T16:00:00.000Z', endsAt: '2026-12-08T16:30:00.000Z' },
  { startsAt: '2026-12-08T23:30:00.000Z', endsAt: '2026-12-09T00:00:00.000Z' },
  { startsAt: '2026-12-10T20:00:00.000Z', endsAt: '2026-12-10T20:30:00.000Z' },
];

describe('open call slots by day', () => {
  it('groups by the reader’s calendar day: late UTC evening is the next day in Tokyo', () => {
    expect(groupSlotsByDay(slots, { timeZone: 'Asia/Tokyo', locale: 'en-US' })).toEqual([
      {
        key: '2026-12-09',
        label: 'Wednesday, Dec 9',
        slots: [
          { startsAt: '2026-12-08T16:00:00.000Z', label: '1:00 AM' },
          { startsAt: '2026-12-08T23:30:00.000Z', label: '8:30 AM' },
        ],
      },
      {
        key: '2026-12-11',
        label: 'Friday, Dec 11',
        slots: [{ startsAt: '2026-12-10T20:00:00.000Z', label: '5:00 AM' }],
      },
    ]);
  });

  it('keeps days apart in New York and returns nothing for no slots', () => {
    expect(
      groupSlotsByDay(slots, { timeZone: 'America/New_York', locale: 'en-US' }).map((day) => day.label),
    ).toEqual(['Tuesday, Dec 8', 'Thursday, Dec 10']);
    expect(groupSlotsByDay([], { timeZone: 'UTC' })).toEqual([]);
  });
});

describe('a booked call', () => {
  const booking = { startsAt: '2026-12-08T16:00:00.000Z' };

  it('is held from the moment it begins, not before', () => {
    expect(isCallHeld(booking, Date.parse('2026-12-08T15:59:59.999Z'))).toBe(false);
    expect(isCallHeld(booking, Date.parse('2026-12-08T16:00:00.000Z'))).toBe(true);
    expect(isCallHeld(booking, Date.parse('2026-12-09T09:00:00.000Z'))).toBe(true);
  });
});
