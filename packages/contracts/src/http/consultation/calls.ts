/**
 * Booking a consultation call (docs/behaviour/consultation-and-contact.md#booking-a-call;
 * docs/decisions.md, 108): the admin publishes a weekly availability in their own IANA time zone
 * (`/api/admin/consultations/call-availability`), the owner reads the open slots of their request and
 * books, cancels and books again (`/api/consultations/:id/call`), and the admin lists the calls booked
 * (`/api/admin/consultations/calls`). Times travel as ISO instants; each page shows them in its reader's
 * zone and names it.
 */
import { z } from 'zod';
import { isoDateTime } from '../fields.js';

/** How long a call may last, in minutes. */
export const CALL_SLOT_LENGTHS = [15, 30, 45, 60] as const;
/** Open slots reach this many days ahead of now. */
export const CALL_BOOKING_DAYS_AHEAD = 14;
/** A slot starting sooner than this many hours from now is not offered. */
export const CALL_MIN_NOTICE_HOURS = 2;
/** At most this many time ranges in a week. */
export const CALL_MAX_WINDOWS = 28;
/** ISO weekdays: 1 Monday … 7 Sunday. */
export const CALL_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const CALL_WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export const CALL_MESSAGES = {
  timeZone: 'Please choose a valid time zone',
  slotMinutes: 'Please choose a call length of 15, 30, 45 or 60 minutes',
  weekday: 'Please choose a day of the week',
  time: 'Please enter a time as HH:MM',
  windowOrder: 'The end must be after the start',
  overlap: 'Time ranges on the same day must not overlap',
  tooMany: `At most ${CALL_MAX_WINDOWS} time ranges`,
  startsAt: 'Please choose one of the open times',
  notASlot: 'This time is not open for booking. Please choose one of the open times.',
  slotTaken: 'This time was just booked by someone else. Please choose another.',
  alreadyBooked: 'You already have a call booked. Cancel it to choose another time.',
  notCompleted: 'Complete your consultation request before booking a call.',
  noBooking: 'You have no call booked.',
  alreadyHeld: 'This call has already taken place, so it can no longer be cancelled.',
} as const;

/** Whether the runtime knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const TimeZoneSchema = z
  .string({ error: CALL_MESSAGES.timeZone })
  .trim()
  .refine(isTimeZone, CALL_MESSAGES.timeZone);

const clockTime = z
  .string({ error: CALL_MESSAGES.time })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, CALL_MESSAGES.time);

/** "09:30" → 570. */
export function minutesOfClockTime(value: string): number {
  const [hours, minutes] = value.split(':').map(Number);
  return hours! * 60 + minutes!;
}

export const CallWindowSchema = z
  .object({
    weekday: z.union(
      CALL_WEEKDAYS.map((day) => z.literal(day)),
      { error: CALL_MESSAGES.weekday },
    ),
    start: clockTime,
    end: clockTime,
  })
  // Not `end > start`: a time that is not HH:MM has its own message and no second one here.
  .refine((window) => !(minutesOfClockTime(window.end) <= minutesOfClockTime(window.start)), {
    message: CALL_MESSAGES.windowOrder,
    path: ['end'],
  });
export type CallWindow = z.infer<typeof CallWindowSchema>;

/** `PUT /api/admin/consultations/call-availability`. */
export const CallAvailabilitySchema = z
  .object({
    timeZone: TimeZoneSchema,
    slotMinutes: z.union(
      CALL_SLOT_LENGTHS.map((minutes) => z.literal(minutes)),
      { error: CALL_MESSAGES.slotMinutes },
    ),
    windows: z.array(CallWindowSchema).max(CALL_MAX_WINDOWS, CALL_MESSAGES.tooMany),
  })
  .superRefine((availability, context) => {
    availability.windows.forEach((window, index) => {
      const start = minutesOfClockTime(window.start);
      const end = minutesOfClockTime(window.end);
      const clash = availability.windows.some(
        (other, otherIndex) =>
          otherIndex < index &&
          other.weekday === window.weekday &&
          minutesOfClockTime(other.start) < end &&
          start < minutesOfClockTime(other.end),
      );
      if (clash)
        context.addIssue({ code: 'custom', message: CALL_MESSAGES.overlap, path: ['windows', index] });
    });
  });
export type CallAvailability = z.infer<typeof CallAvailabilitySchema>;

/** `GET /api/admin/consultations/call-availability`: none published yet is `updatedAt` null, no windows. */
export const CallAvailabilityViewSchema = z.object({
  timeZone: z.string(),
  slotMinutes: z.number().int(),
  windows: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
  updatedAt: isoDateTime.nullable(),
});
export type CallAvailabilityView = z.infer<typeof CallAvailabilityViewSchema>;

/** `POST /api/consultations/:id/call`: one of the open slots, and the owner's zone for their e-mail. */
export const BookCallRequestSchema = z.object({
  startsAt: z.iso.datetime({ offset: true, error: CALL_MESSAGES.startsAt }),
  timeZone: TimeZoneSchema,
});
export type BookCallRequest = z.infer<typeof BookCallRequestSchema>;

export const CALL_BOOKING_STATUSES = ['booked', 'cancelled'] as const;
export type CallBookingStatus = (typeof CALL_BOOKING_STATUSES)[number];

export const CallSlotSchema = z.object({
  startsAt: isoDateTime,
  endsAt: isoDateTime,
});
export type CallSlot = z.infer<typeof CallSlotSchema>;

export const CallBookingSchema = CallSlotSchema.extend({
  id: z.uuid(),
  submissionId: z.string(),
  status: z.enum(CALL_BOOKING_STATUSES),
  /** The zone the owner booked in (their e-mail's) and the admin's at the time. */
  ownerTimeZone: z.string(),
  adminTimeZone: z.string(),
});
export type CallBooking = z.infer<typeof CallBookingSchema>;

/** `GET /api/consultations/:id/call`: the open slots (empty once booked) and the live booking. */
export const ConsultationCallSchema = z.object({
  /** The admin's zone; null when nothing is published. */
  adminTimeZone: z.string().nullable(),
  slotMinutes: z.number().int().nullable(),
  slots: z.array(CallSlotSchema),
  booking: CallBookingSchema.nullable(),
});
export type ConsultationCall = z.infer<typeof ConsultationCallSchema>;

/** `GET /api/admin/consultations/calls`: the calls booked from now on, soonest first. */
export const AdminCallSchema = CallBookingSchema.extend({
  businessName: z.string(),
  ownerName: z.string(),
  email: z.string(),
});
export type AdminCall = z.infer<typeof AdminCallSchema>;
export const AdminCallListSchema = z.array(AdminCallSchema);
