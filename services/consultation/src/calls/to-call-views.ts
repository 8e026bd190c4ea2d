/** Booking rows and the availability as the pages read them. */
import type { AdminCall, CallAvailabilityView, CallBooking, CallSlot } from '@platform/contracts';
import { pickFields } from '@platform/service-kit/db';
import type { AvailabilityRow, BookingRow } from './calls.repository.js';
import type { Slot } from './weekly-slots.js';

export function toCallSlot(slot: Slot): CallSlot {
  return { startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString() };
}

export function toCallBooking(row: BookingRow): CallBooking {
  return {
    ...toCallSlot(row),
    ...pickFields(row, ['id', 'submissionId', 'status', 'ownerTimeZone', 'adminTimeZone']),
  };
}

export function toAdminCall(row: {
  booking: BookingRow;
  businessName: string;
  ownerName: string;
  email: string;
}): AdminCall {
  return {
    ...toCallBooking(row.booking),
    ...pickFields(row, ['businessName', 'ownerName', 'email']),
  };
}

/** Nothing published yet: UTC, 30-minute calls, no ranges. */
export function toAvailabilityView(row: AvailabilityRow | null): CallAvailabilityView {
  if (!row) return { timeZone: 'UTC', slotMinutes: 30, windows: [], updatedAt: null };
  return {
    timeZone: row.timeZone,
    slotMinutes: row.slotMinutes,
    windows: row.windows,
    updatedAt: row.updatedAt.toISOString(),
  };
}
