/**
 * Starts the real consultation service for tests, on PGlite + a local folder, and on PostgreSQL + S3
 * (s3rver) when POSTGRES_URL is set, and calls it the way the gateway does (internal token).
 */
import { randomBytes } from 'node:crypto';
import type { Caller, ConsultationResponse } from '@platform/contracts';
import type { Clock } from '@platform/service-kit/clock';
import type { UserCaller } from '@platform/service-kit/identity';
import type { RunningService } from '@platform/service-kit/runtime';
import {
  json,
  serviceBackings,
  startServiceUnderTest,
  testAdmin,
  testUser,
  type Backing,
  type BackingFactory,
} from '@platform/service-kit/testing';
import { consultationService, type ConsultationConfig } from '../index.js';
import { stepOne } from './fixtures.js';

export const SECRET = randomBytes(24).toString('hex');

export type { Backing, BackingFactory } from '@platform/service-kit/testing';
export { json } from '@platform/service-kit/testing';
export type { UserCaller } from '@platform/service-kit/identity';

export function backings(): BackingFactory[] {
  return serviceBackings({ service: 'consultation', s3: true });
}

export const user = testUser;
export const admin = testAdmin;

export interface OutboxRow {
  type: string;
  data: Record<string, unknown>;
}

export interface ConsultationUnderTest {
  service: RunningService<ConsultationConfig>;
  logs: Record<string, unknown>[];
  /** As an anonymous visitor through the gateway's token. */
  request(pathname: string, init?: RequestInit): Promise<Response>;
  requestAs(caller: Caller, pathname: string, init?: RequestInit): Promise<Response>;
  /** Every event the service has put in its outbox, oldest first. */
  events(type?: string): Promise<OutboxRow[]>;
  stop(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  /** Extra environment (limits). */
  env?: Record<string, string>;
}

/** Generous request limits, so suites that are not about them never hit them. */
const ROOMY_LIMITS = {
  CONSULTATION_SUBMISSIONS_PER_HOUR: '1000',
  CONTACT_MESSAGES_PER_HOUR: '1000',
  CONSULTATION_LOOKUPS_PER_HOUR: '1000',
};

export async function startConsultation(
  backing: Backing,
  options: StartOptions = {},
): Promise<ConsultationUnderTest> {
  const consultation = await startServiceUnderTest(consultationService, backing, {
    ...options,
    env: { ...ROOMY_LIMITS, ...options.env },
    secret: SECRET,
  });
  return {
    ...consultation,
    events: async (type) => (await consultation.events(type)).map(({ type, data }) => ({ type, data })),
  };
}

/** The service started on `backing`, with one request (step 1) sent by the signed-in `owner`. */
export async function startWithSubmission(
  backing: Backing,
  owner: UserCaller,
  options: StartOptions = {},
): Promise<{ app: ConsultationUnderTest; submission: ConsultationResponse }> {
  const app = await startConsultation(backing, options);
  const response = await app.requestAs(owner, '/api/consultation', json(stepOne({ email: owner.email })));
  return { app, submission: (await response.json()) as ConsultationResponse };
}
