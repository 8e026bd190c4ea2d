/**
 * Calendar months and days in UTC, as the programme counts them: a report covers calendar days
 * (`YYYY-MM-DD`), a monthly report is for a calendar month, and a month "ended" at the first instant of
 * the next one. UTC is the server's calendar; it is at or ahead of every US owner's, so an owner is never
 * refused a day that has ended where they are.
 */
import { DAY } from '@platform/service-kit/clock';

/** `YYYY-MM-DD` of the instant, in UTC. */
export function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The first instant of a calendar day. */
export function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export function addDays(instant: Date, days: number): Date {
  return new Date(instant.getTime() + days * DAY);
}

export interface CalendarMonth {
  /** `YYYY-MM`. */
  key: string;
  /** First day, `YYYY-MM-DD`. */
  firstDay: string;
  /** Last day, `YYYY-MM-DD`. */
  lastDay: string;
  /** First instant of the month. */
  start: Date;
  /** First instant of the next month: when this one has ended. */
  end: Date;
}

/** The calendar month that starts at `year`/`monthIndex` (0-11; out-of-range values roll over). */
export function monthAt(year: number, monthIndex: number): CalendarMonth {
  const start = new Date(Date.UTC(year, monthIndex, 1));
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return {
    key: dayOf(start).slice(0, 7),
    firstDay: dayOf(start),
    lastDay: dayOf(new Date(end.getTime() - DAY)),
    start,
    end,
  };
}

/** The month the instant falls in. */
export function monthOf(instant: Date): CalendarMonth {
  return monthAt(instant.getUTCFullYear(), instant.getUTCMonth());
}

export function nextMonth(month: CalendarMonth): CalendarMonth {
  return monthOf(month.end);
}

/** The first month that starts at or after the instant (the month itself when it starts exactly then). */
export function firstMonthStartingFrom(instant: Date): CalendarMonth {
  const month = monthOf(instant);
  return month.start.getTime() === instant.getTime() ? month : nextMonth(month);
}

/** Whether two day ranges (inclusive `YYYY-MM-DD`) share a day. */
export function daysOverlap(
  a: { firstDay: string; lastDay: string },
  b: { firstDay: string; lastDay: string },
): boolean {
  return a.firstDay <= b.lastDay && b.firstDay <= a.lastDay;
}

/** `months` calendar months after the instant (same day of month where it exists, else the month's last). */
export function addMonths(instant: Date, months: number): Date {
  const target = new Date(instant.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}
