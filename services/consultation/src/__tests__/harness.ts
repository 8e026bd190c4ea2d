/**
 * Starts the real consultation service for tests, on PGlite + a local folder, and on PostgreSQL + S3
 * (s3rver) when POSTGRES_URL is set, and calls it the way the gateway does (internal token).
 */
import { randomBytes } from 'node:crypto';
import { expect } from '@jest/globals';
import type { Caller, ConsultationRequest, ConsultationResponse } from '@platform/contracts';
import type { Clock } from '@platform/service-kit/clock';
import type { Database } from '@platform/service-kit/db';
import type { EventEnvelope } from '@platform/service-kit/events';
import type { UserCaller } from '@platform/service-kit/identity';
import { erasePersonalData } from '@platform/service-kit/personal-data';
import type { RunningService } from '@platform/service-kit/runtime';
import {
  json,
  serviceBackings,
  startServiceUnderTest,
  testAdmin,
  testUser,
  interleave,
  useStarted,
  withInsertTrigger,
  type Backing,
  type BackingFactory,
} from '@platform/service-kit/testing';
import { consultationPersonalData } from '../account-data/personal-data.js';
import { outboxEvents } from '../db/schema.js';
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
  /** Delivers another service's event; resolves once applied (or found applied). */
  deliver(event: EventEnvelope): Promise<void>;
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

/** A suite's consultation service and the backing it runs on: reads fail until the suite's `beforeAll` has run. */
export type ConsultationSuite = ConsultationUnderTest & {
  readonly backing: Backing;
  /** Whether its files are kept in S3 (PostgreSQL backing) rather than in a local folder. */
  readonly isS3: boolean;
};

/**
 * A suite's consultation service on `factory`'s backing, started in its `beforeAll` (with `options`, or what
 * `options()` returns then; then `setUp`, e.g. the suite's requests) and stopped in its `afterAll`. What it
 * returns stands for the running service.
 */
export function useConsultation(
  factory: BackingFactory,
  options: StartOptions | (() => StartOptions) = {},
  setUp?: () => Promise<void>,
): ConsultationSuite {
  const start = async (backing: Backing) => {
    const app = await startConsultation(backing, typeof options === 'function' ? options() : options);
    return { ...app, isS3: app.service.deps.store?.kind === 's3' };
  };
  return useStarted(factory, 'the consultation service', start, setUp);
}

/**
 * `owner`'s account erased (another tab) while `during` runs on the service's dependencies, in a transaction
 * that meets the erasure's locks (PostgreSQL only: PGlite runs one transaction at a time): what `during`
 * answered, or the error it threw.
 */
export async function whileErased(
  app: ConsultationUnderTest,
  owner: UserCaller,
  during: (deps: ConsultationUnderTest['service']['deps']) => Promise<unknown>,
): Promise<unknown> {
  let outcome: unknown;
  await interleave(
    app.service.deps.db,
    (tx) => erasePersonalData(tx, consultationPersonalData, owner, outboxEvents),
    async (tx) => {
      outcome = await during({ ...app.service.deps, db: tx as Database }).catch((error: unknown) => error);
    },
  );
  return outcome;
}

/**
 * Runs `run` while each row going into `table` first deletes its request, as an erasure of the owner's
 * account committed after the request's rights were checked: the deletion is undone with the failed insert,
 * and the insert meets what a committed erasure gives it, a foreign-key violation.
 */
export const whileRequestErasedBeforeInsert = <T>(
  app: ConsultationUnderTest,
  table: 'consultation_files' | 'consultation_messages',
  run: () => Promise<T>,
) =>
  withInsertTrigger(
    app.service.deps.db,
    `consultation.${table}`,
    'delete from consultation.consultation_submissions where id = new.submission_id; return new;',
    run,
  );

/**
 * Step 1 (answered 200), as a visitor or as the signed-in `owner` (with their address unless `fields` name
 * another): the new request's id and upload token.
 */
export async function sendStepOne(
  app: ConsultationUnderTest,
  owner?: UserCaller,
  fields: Partial<ConsultationRequest> = {},
): Promise<ConsultationResponse> {
  const init = json(stepOne({ ...(owner && { email: owner.email }), ...fields }));
  const response = owner
    ? await app.requestAs(owner, '/api/consultation', init)
    : await app.request('/api/consultation', init);
  expect(response.status).toBe(200);
  return (await response.json()) as ConsultationResponse;
}
