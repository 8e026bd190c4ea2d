/**
 * Booking a consultation call (docs/behaviour/consultation-and-contact.md#booking-a-call;
 * docs/decisions.md, 108):
 *
 *   GET    /api/admin/consultations/call-availability   admin: the published week
 *   PUT    /api/admin/consultations/call-availability   admin: publish `{ timeZone, slotMinutes, windows }`
 *   GET    /api/admin/consultations/calls               admin: the calls booked from now on, soonest first
 *   GET    /api/consultations/:id/call                  the owner: open slots and their live booking
 *   POST   /api/consultations/:id/call                  the owner books `{ startsAt, timeZone }`
 *   DELETE /api/consultations/:id/call                  the owner cancels their live booking
 *
 * Owners' bookings and cancellations are limited per person (`CONSULTATION_CALL_CHANGES_PER_HOUR`).
 */
import {
  BookCallRequestSchema,
  CallAvailabilitySchema,
  ConsultationIdParamsSchema,
  UPLOAD_MESSAGES,
  type ConsultationCall,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { noStore, routesWith, validate } from '@platform/service-kit/http';
import { requireAdmin, requireUser, type UserCaller } from '@platform/service-kit/identity';
import { takeOrRefuse } from '@platform/service-kit/rate-limits';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { ConsultationConfig } from '../config.js';
import type { RateLimits } from '../http/rate-limits.js';
import { isOwner } from '../submissions/authorize-submission.js';
import { findSubmission, type SubmissionRow } from '../submissions/submissions.repository.js';
import {
  findAvailability,
  findLiveBooking,
  listUpcomingCalls,
  saveAvailability,
} from './calls.repository.js';
import { bookCall, cancelCall } from './change-call.js';
import { openSlots } from './open-slots.js';
import { toAdminCall, toAvailabilityView, toCallBooking, toCallSlot } from './to-call-views.js';

export function callRoutes(router: Router, deps: ServiceDeps<ConsultationConfig>, limits: RateLimits): void {
  /** The owner's submission, else the same 404 as an unknown one. */
  async function ownSubmission(caller: UserCaller, id: string): Promise<SubmissionRow> {
    const submission = await findSubmission(deps.db, id);
    if (!submission || !isOwner(caller, submission))
      throw new AppError('not_found', UPLOAD_MESSAGES.notFound);
    return submission;
  }

  const admin = routesWith(router, { cache: noStore, access: requireAdmin });
  const signedIn = routesWith(router, { cache: noStore, access: requireUser });

  admin.get('/api/admin/consultations/call-availability', async (_req, res) => {
    res.json(toAvailabilityView(await findAvailability(deps.db)));
  });
  admin.put(
    '/api/admin/consultations/call-availability',
    validate({ body: CallAvailabilitySchema }),
    async (req, res) => {
      const saved = await saveAvailability(deps.db, { ...req.body, updatedAt: deps.clock.now() });
      req.log.info(
        { windows: saved.windows.length, timeZone: saved.timeZone },
        'call availability published',
      );
      res.json(toAvailabilityView(saved));
    },
  );
  admin.get('/api/admin/consultations/calls', async (_req, res) => {
    res.json((await listUpcomingCalls(deps.db, deps.clock.now())).map(toAdminCall));
  });

  const params = validate({ params: ConsultationIdParamsSchema });
  signedIn.get('/api/consultations/:id/call', params, async (req, res) => {
    const submission = await ownSubmission(req.caller, req.params.id);
    const [availability, booking] = await Promise.all([
      findAvailability(deps.db),
      findLiveBooking(deps.db, submission.id),
    ]);
    const slots = availability && !booking ? await openSlots(deps.db, availability, deps.clock.now()) : [];
    const answer: ConsultationCall = {
      adminTimeZone: availability?.timeZone ?? null,
      slotMinutes: availability?.slotMinutes ?? null,
      slots: slots.map(toCallSlot),
      booking: booking ? toCallBooking(booking) : null,
    };
    res.json(answer);
  });
  signedIn.post(
    '/api/consultations/:id/call',
    validate({ params: ConsultationIdParamsSchema, body: BookCallRequestSchema }),
    async (req, res) => {
      const submission = await ownSubmission(req.caller, req.params.id);
      await takeOrRefuse(limits.callChanges, `user:${req.caller.userId}`);
      const booking = await bookCall(deps, { submission, userId: req.caller.userId, request: req.body });
      res.status(201).json(toCallBooking(booking));
    },
  );
  signedIn.delete('/api/consultations/:id/call', params, async (req, res) => {
    const submission = await ownSubmission(req.caller, req.params.id);
    await takeOrRefuse(limits.callChanges, `user:${req.caller.userId}`);
    res.json(toCallBooking(await cancelCall(deps, submission)));
  });
}
