/** Queries on the admin's call availability and the owners' bookings. */
import { findRow, insertRow, type Executor } from '@platform/service-kit/db';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { callAvailability, callBookings, submissions } from '../db/schema.js';

export type AvailabilityRow = typeof callAvailability.$inferSelect;
export type BookingRow = typeof callBookings.$inferSelect;
export type NewBookingRow = typeof callBookings.$inferInsert;

/** The one availability row's id. */
const WEEKLY = 'weekly';

/** The published week, or null; `lock` holds its row until the transaction ends. */
export async function findAvailability(db: Executor, lock = false): Promise<AvailabilityRow | null> {
  return findRow(db, callAvailability, eq(callAvailability.id, WEEKLY), { lock });
}

export async function saveAvailability(
  db: Executor,
  values: Omit<AvailabilityRow, 'id'>,
): Promise<AvailabilityRow> {
  const [row] = await db
    .insert(callAvailability)
    .values({ id: WEEKLY, ...values })
    .onConflictDoUpdate({ target: callAvailability.id, set: values })
    .returning();
  return row!;
}

export async function findLiveBooking(db: Executor, submissionId: string): Promise<BookingRow | null> {
  return findRow(
    db,
    callBookings,
    and(eq(callBookings.submissionId, submissionId), eq(callBookings.status, 'booked')),
  );
}

/** Live bookings overlapping [from, until). */
export async function listLiveBookingsBetween(db: Executor, from: Date, until: Date): Promise<BookingRow[]> {
  return db
    .select()
    .from(callBookings)
    .where(
      and(eq(callBookings.status, 'booked'), lt(callBookings.startsAt, until), gt(callBookings.endsAt, from)),
    );
}

export async function insertBooking(db: Executor, row: NewBookingRow): Promise<BookingRow> {
  return insertRow(db, callBookings, row);
}

/** Cancels the live booking; null when it was no longer live. */
export async function cancelBooking(db: Executor, id: string, now: Date): Promise<BookingRow | null> {
  const [row] = await db
    .update(callBookings)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(and(eq(callBookings.id, id), eq(callBookings.status, 'booked')))
    .returning();
  return row ?? null;
}

/** Live bookings ending after `now`, soonest first, with their submission's names. */
export async function listUpcomingCalls(db: Executor, now: Date) {
  return db
    .select({
      booking: callBookings,
      businessName: submissions.businessName,
      ownerName: submissions.ownerName,
      email: submissions.email,
    })
    .from(callBookings)
    .innerJoin(submissions, eq(submissions.id, callBookings.submissionId))
    .where(and(eq(callBookings.status, 'booked'), gt(callBookings.endsAt, now)))
    .orderBy(asc(callBookings.startsAt));
}
