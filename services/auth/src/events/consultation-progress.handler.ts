/**
 * The consultation's progress → the owner's `consultationStatus` (docs/decisions.md, 19), once per event:
 * started → in_progress, completed → submitted, responded → approved.
 */
import { defineSubscription } from '@platform/service-kit/events';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { AuthConfig } from '../config.js';
import {
  advanceConsultationStatus,
  type ConsultationStatus,
} from '../consultation-status/follow-consultation.js';

const STEPS = [
  ['consultation.submission.started', 'in_progress'],
  ['consultation.submission.completed', 'submitted'],
  ['consultation.submission.responded', 'approved'],
] as const satisfies ReadonlyArray<readonly [string, ConsultationStatus]>;

export function consultationProgressSubscriptions(deps: ServiceDeps<AuthConfig>) {
  return STEPS.map(([subject, to]) =>
    defineSubscription({
      subject,
      handler: async (event, { tx, logger, headers }) => {
        await advanceConsultationStatus(deps, {
          tx,
          owner: { userId: event.data.userId, email: event.data.email },
          to,
          causationId: event.id,
          headers,
          logger,
        });
      },
    }),
  );
}
