/**
 * Booking and cancelling a consultation call (docs/behaviour/consultation-and-contact.md#booking-a-call;
 * docs/decisions.md, 108). Each change and its event (`consultation.call.booked` / `.cancelled`, which
 * the notification service turns into an `.ics` invitation or its cancellation) are one transaction.
 * Booking locks the availability row, so bookings are decided one at a time; the partial unique indexes
 * (one live booking per start, one per submission) refuse what slips past.
 */
import { randomUUID } from 'node:crypto';
import { CALL_MESSAGES, UPLOAD_MESSAGES, type BookCallRequest } from '@platform/contracts';
import { isForeignKeyViolation, isUniqueViolation, type Transaction } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { enqueueEvent } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { ConsultationConfig } from '../config.js';
import { outboxEvents } from '../db/schema.js';
import type { SubmissionRow } from '../submissions/submissions.repository.js';
import {
  cancelBooking,
  findAvailability,
  findLiveBooking,
  insertBooking,
  listLiveBookingsBetween,
  type BookingRow,
} from './calls.repository.js';
import { isTaken, slotsInPeriod } from './open-slots.js';

type Deps = ServiceDeps<ConsultationConfig>;

async function recordChange(
  deps: Deps,
  tx: Transaction,
  type: 'consultation.call.booked' | 'consultation.call.cancelled',
  booking: BookingRow,
  submission: SubmissionRow,
  now: Date,
): Promise<void> {
  await enqueueEvent(
    tx,
    outboxEvents,
    {
      type,
      data: {
        bookingId: booking.id,
        submissionId: submission.id,
        email: submission.email,
        ownerName: submission.ownerName,
        businessName: submission.businessName,
        startsAt: booking.startsAt.toISOString(),
        endsAt: booking.endsAt.toISOString(),
        ownerTimeZone: booking.ownerTimeZone,
        adminTimeZone: booking.adminTimeZone,
        sequence: type === 'consultation.call.booked' ? 0 : 1,
        changedAt: now.toISOString(),
      },
    },
    { clock: deps.clock },
  );
}

export async function bookCall(
  deps: Deps,
  input: { submission: SubmissionRow; userId: string; request: BookCallRequest },
): Promise<BookingRow> {
  const { submission } = input;
  if (!submission.confirmedAt) throw new AppError('conflict', CALL_MESSAGES.notCompleted);
  const now = deps.clock.now();
  const startsAt = new Date(input.request.startsAt);
  try {
    const booking = await deps.db.transaction(async (tx) => {
      const availability = await findAvailability(tx, true);
      const slot = availability
        ? slotsInPeriod(availability, now).find((open) => open.startsAt.getTime() === startsAt.getTime())
        : undefined;
      if (!availability || !slot) {
        throw new AppError('invalid', CALL_MESSAGES.notASlot, [
          { path: 'startsAt', message: CALL_MESSAGES.notASlot },
        ]);
      }
      if (await findLiveBooking(tx, submission.id))
        throw new AppError('conflict', CALL_MESSAGES.alreadyBooked);
      if (isTaken(slot, await listLiveBookingsBetween(tx, slot.startsAt, slot.endsAt))) {
        throw new AppError('conflict', CALL_MESSAGES.slotTaken);
      }
      const inserted = await insertBooking(tx, {
        id: randomUUID(),
        submissionId: submission.id,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        status: 'booked',
        ownerTimeZone: input.request.timeZone,
        adminTimeZone: availability.timeZone,
        bookedByUserId: input.userId,
        createdAt: now,
      });
      await recordChange(deps, tx, 'consultation.call.booked', inserted, submission, now);
      return inserted;
    });
    deps.logger.info({ submissionId: submission.id, bookingId: booking.id }, 'consultation call booked');
    return booking;
  } catch (error) {
    // The request was erased (its owner's account deleted) after the rights were checked: the same 404 as an
    // unknown one.
    if (isForeignKeyViolation(error)) throw new AppError('not_found', UPLOAD_MESSAGES.notFound);
    // A booking that slipped past the checks meets the unique indexes: the slot, or this request's.
    if (!isUniqueViolation(error)) throw error;
    const mine = await findLiveBooking(deps.db, submission.id);
    throw new AppError('conflict', mine ? CALL_MESSAGES.alreadyBooked : CALL_MESSAGES.slotTaken);
  }
}

export async function cancelCall(deps: Deps, submission: SubmissionRow): Promise<BookingRow> {
  const now = deps.clock.now();
  const cancelled = await deps.db.transaction(async (tx) => {
    const live = await findLiveBooking(tx, submission.id);
    // A call that has begun is kept: cancelling it would withdraw the invitation of a call already held.
    if (live && live.startsAt.getTime() <= now.getTime()) {
      throw new AppError('conflict', CALL_MESSAGES.alreadyHeld);
    }
    const row = live ? await cancelBooking(tx, live.id, now) : null;
    if (!row) throw new AppError('not_found', CALL_MESSAGES.noBooking);
    await recordChange(deps, tx, 'consultation.call.cancelled', row, submission, now);
    return row;
  });
  deps.logger.info({ submissionId: submission.id, bookingId: cancelled.id }, 'consultation call cancelled');
  return cancelled;
}
