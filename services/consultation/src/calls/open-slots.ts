/**
 * The slots an owner may book now (docs/behaviour/consultation-and-contact.md#booking-a-call): the
 * published week's slots from `CALL_MIN_NOTICE_HOURS` ahead to `CALL_BOOKING_DAYS_AHEAD` days ahead, less
 * those overlapping a live booking.
 */
import { CALL_BOOKING_DAYS_AHEAD, CALL_MIN_NOTICE_HOURS, type CallWindow } from '@platform/contracts';
import type { Executor } from '@platform/service-kit/db';
import { listLiveBookingsBetween, type AvailabilityRow } from './calls.repository.js';
import { weeklySlots, type Slot } from './weekly-slots.js';

const HOUR = 60 * 60 * 1000;

/** Every slot of the published week in the booking period (taken or not). */
export function slotsInPeriod(availability: AvailabilityRow, now: Date): Slot[] {
  const from = new Date(now.getTime() + CALL_MIN_NOTICE_HOURS * HOUR);
  const until = new Date(now.getTime() + CALL_BOOKING_DAYS_AHEAD * 24 * HOUR);
  return weeklySlots({ ...availability, windows: availability.windows as CallWindow[] }, from, until);
}

/** Whether `slot` overlaps one of `booked`. */
export function isTaken(slot: Slot, booked: readonly Slot[]): boolean {
  return booked.some((booking) => slot.startsAt < booking.endsAt && booking.startsAt < slot.endsAt);
}

export async function openSlots(db: Executor, availability: AvailabilityRow, now: Date): Promise<Slot[]> {
  const slots = slotsInPeriod(availability, now);
  if (slots.length === 0) return [];
  const booked = await listLiveBookingsBetween(db, slots[0]!.startsAt, slots.at(-1)!.endsAt);
  return slots.filter((slot) => !isTaken(slot, booked));
}
