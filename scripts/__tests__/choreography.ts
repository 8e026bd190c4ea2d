/**
 * A choreography suite: several real services on one run of `systemBackings` (the in-process bus with
 * PGlite, and with POSTGRES_URL and NATS_URL also JetStream with PostgreSQL), driven by one settable clock
 * and called the way the gateway calls them, with an internal token naming the caller. The suite's
 * `beforeAll` opens the run and starts its services; its `afterAll` stops every service started (in the
 * reverse order) and removes what the run created.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from '@jest/globals';
import { SessionLookupSchema, type Caller } from '@platform/contracts';
import { TEST_PASSWORD_HASH_ENV } from '@platform/auth';
import { DAY, type Clock } from '@platform/service-kit/clock';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '@platform/service-kit/identity';
import type { BaseServiceConfig, RunningService, ServiceDefinition } from '@platform/service-kit/runtime';
import type { SystemBacking, SystemRun } from '@platform/service-kit/testing';
import { cookieOf } from './helpers.js';

/** The support admin the services seed (ADMIN_EMAIL), as the gateway names them to a service. */
export const ADMIN: Caller = {
  kind: 'user',
  userId: randomUUID(),
  email: 'support@example.com',
  role: 'admin',
};
export const ANONYMOUS: Caller = { kind: 'anonymous' };

export interface Choreography {
  /** Starts a service of the run with the suite's clock and environment; the suite stops it at the end. */
  start<TConfig extends BaseServiceConfig, TRuntime>(
    definition: ServiceDefinition<TConfig, TRuntime>,
  ): Promise<RunningService<TConfig, TRuntime>>;
  /** As `caller`, as the gateway forwards it; redirects are not followed. */
  call(service: RunningService, pathname: string, caller: Caller, init?: RequestInit): Promise<Response>;
  /** A JSON POST as `caller`. */
  post(service: RunningService, pathname: string, caller: Caller, body?: unknown): Promise<Response>;
  /** What the gateway does with a browser's cookie: resolves it through auth to the caller it names. */
  sessionCaller(auth: RunningService, cookie: string): Promise<Caller>;
  /** Signs up through auth as the sign-up page does (a 201); the session cookie it sets. */
  signUp(auth: RunningService, account: SignUp): Promise<string>;
}

export interface SignUp {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/**
 * The suite's run on `mode`: `startServices` runs in the suite's `beforeAll` (within `timeoutMs`), once
 * the run is open, and starts the services with `start`.
 */
export function useChoreography(
  mode: SystemBacking,
  options: { clock: Clock; timeoutMs: number },
  startServices: (choreography: Choreography) => Promise<void>,
): Choreography {
  const secret = randomBytes(32).toString('hex');
  let run: SystemRun | undefined;
  const started: RunningService[] = [];

  const call: Choreography['call'] = async (service, pathname, caller, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set(INTERNAL_TOKEN_HEADER, await signInternalToken(caller, secret));
    if (init.body) headers.set('content-type', 'application/json');
    return fetch(`${service.url}${pathname}`, { redirect: 'manual', ...init, headers });
  };
  const choreography: Choreography = {
    start: async (definition) => {
      if (!run) throw new Error('the choreography starts its services in its beforeAll');
      const service = await run.start(definition, {
        clock: options.clock,
        env: {
          ...TEST_PASSWORD_HASH_ENV,
          INTERNAL_TOKEN_SECRET: secret,
          NODE_ENV: 'test',
          ADMIN_EMAIL: 'support@example.com',
          ADMIN_PASSWORD: 'Support-Admin!2030',
          // The periodic jobs run when the test says so.
          REVENUE_STATUS_INTERVAL_MS: String(3650 * DAY),
          REVENUE_REMINDERS_INTERVAL_MS: String(3650 * DAY),
          RECONCILE_INTERVAL_MS: String(3650 * DAY),
        },
      });
      started.push(service);
      return service;
    },
    call,
    post: (service, pathname, caller, body = {}) =>
      call(service, pathname, caller, { method: 'POST', body: JSON.stringify(body) }),
    sessionCaller: async (auth, cookie) => {
      const lookup = await call(auth, '/internal/session', ANONYMOUS, { headers: { cookie } });
      return SessionLookupSchema.parse(await lookup.json()).caller;
    },
    signUp: async (auth, account) => {
      const signup = await choreography.post(auth, '/api/auth/signup', ANONYMOUS, account);
      expect(signup.status).toBe(201);
      return cookieOf(signup);
    },
  };

  beforeAll(async () => {
    run = await mode.open();
    await startServices(choreography);
  }, options.timeoutMs);

  afterAll(async () => {
    // A service the suite stopped itself stops again at once.
    for (const service of started.reverse()) await service.stop();
    await run?.cleanup();
  }, options.timeoutMs);

  return choreography;
}
