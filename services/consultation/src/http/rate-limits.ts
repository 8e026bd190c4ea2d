/**
 * The consultation service's request limits (docs/decisions.md, 44, 97 and 108): submissions, contact messages
 * and lookups per client per hour, lookup e-mails per address asked about, thread messages per person, and call bookings and cancellations per owner.
 * Counted by the kit's request limits (packages/service-kit/src/rate-limits/README.md), which every
 * replica shares.
 */
import type { RateLimiter } from '@platform/service-kit/rate-limits';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { ConsultationConfig } from '../config.js';

const HOUR_SECONDS = 60 * 60;

export interface RateLimits {
  submissions: RateLimiter;
  contact: RateLimiter;
  lookups: RateLimiter;
  lookupEmails: RateLimiter;
  /** Thread messages per signed-in person (docs/decisions.md, 97). */
  messages: RateLimiter;
  /** Call bookings and cancellations per signed-in owner (docs/decisions.md, 108). */
  callChanges: RateLimiter;
}

export function createRateLimits(deps: ServiceDeps<ConsultationConfig>): RateLimits {
  const hourly = (name: string, points: number) =>
    deps.rateLimits.limiter({ name, points, durationSeconds: HOUR_SECONDS });
  const { config } = deps;
  return {
    submissions: hourly('submission', config.CONSULTATION_SUBMISSIONS_PER_HOUR),
    contact: hourly('contact', config.CONTACT_MESSAGES_PER_HOUR),
    lookups: hourly('lookup', config.CONSULTATION_LOOKUPS_PER_HOUR),
    lookupEmails: hourly('lookup-email', config.CONSULTATION_LOOKUP_EMAILS_PER_HOUR),
    messages: hourly('message', config.CONSULTATION_MESSAGES_PER_HOUR),
    callChanges: hourly('call-change', config.CONSULTATION_CALL_CHANGES_PER_HOUR),
  };
}
