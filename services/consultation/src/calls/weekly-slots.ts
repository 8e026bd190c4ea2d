/**
 * The open call slots of a weekly availability (docs/decisions.md, 108): each weekday's time ranges are
 * wall-clock times in the admin's IANA zone, cut into slots of the call's length and turned into
 * instants with the runtime's time-zone data (`Intl`; the repository has no date library). A wall time
 * that does not exist on a day (the hour skipped when clocks go forward) offers no slot; one that occurs
 * twice (clocks go back) offers its first.
 */
import { minutesOfClockTime, type CallWindow } from '@platform/contracts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall clock of `instant` in `zone`, as if that wall clock were UTC (epoch milliseconds). */
function wallClockOf(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    formatterOf(zone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/**
 * The instant at which `zone`'s clocks show `wallClock` (a wall time written as UTC milliseconds), or null
 * when they never do (skipped by a change to summer time).
 */
export function instantOfWallClock(wallClock: number, zone: string): number | null {
  const firstGuess = wallClock - (wallClockOf(wallClock, zone) - wallClock);
  for (const guess of [firstGuess - DAY / 24, firstGuess]) {
    const candidate = wallClock - (wallClockOf(guess, zone) - guess);
    if (wallClockOf(candidate, zone) === wallClock) return candidate;
  }
  return null;
}

export interface WeeklyAvailability {
  timeZone: string;
  slotMinutes: number;
  windows: readonly CallWindow[];
}

export interface Slot {
  startsAt: Date;
  endsAt: Date;
}

/** Every slot of `availability` starting in [from, until), soonest first. */
export function weeklySlots(availability: WeeklyAvailability, from: Date, until: Date): Slot[] {
  const { timeZone, slotMinutes, windows } = availability;
  const slots: Slot[] = [];
  // The zone's calendar day at `from`, as a UTC midnight, then day after day until past `until`.
  const firstDay = Math.floor(wallClockOf(from.getTime(), timeZone) / DAY) * DAY;
  const lastDay = wallClockOf(until.getTime(), timeZone);
  for (let day = firstDay; day <= lastDay; day += DAY) {
    const weekday = new Date(day).getUTCDay() || 7;
    for (const window of windows) {
      if (window.weekday !== weekday) continue;
      const end = minutesOfClockTime(window.end);
      for (let start = minutesOfClockTime(window.start); start + slotMinutes <= end; start += slotMinutes) {
        const startsAt = instantOfWallClock(day + start * MINUTE, timeZone);
        if (startsAt === null || startsAt < from.getTime() || startsAt >= until.getTime()) continue;
        slots.push({ startsAt: new Date(startsAt), endsAt: new Date(startsAt + slotMinutes * MINUTE) });
      }
    }
  }
  return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}
