/**
 * The internal token end to end: the gateway signs it for the caller the session names, a service built
 * with the kit (createServiceApp, the services' own HTTP stack) verifies it, and a token that was
 * tampered with, has expired, was made for another audience or under another secret is refused with 401.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Caller } from '@platform/contracts';
import type { RunningServer } from '@platform/service-kit/http';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '@platform/service-kit/identity';
import { captureLogs, type CapturedLogs } from '@platform/service-kit/testing';
import { loadGatewayConfig } from '../config.js';
import { startGateway, type RunningGateway } from '../server.js';
import { request } from './helpers/http-client.js';
import {
  gatewayEnv,
  SECRET,
  startKitCourse,
  startServicePeers,
  urlsOf,
  type Peers,
} from './helpers/peers.js';

const ALICE: Caller = {
  kind: 'user',
  userId: 'u-alice',
  email: 'alice@example.com',
  role: 'user',
  emailVerified: true,
};
const ADMIN: Caller = { kind: 'user', userId: 'u-admin', email: 'support@example.com', role: 'admin' };

let peers: Peers;
let course: RunningServer;
let courseLogs: CapturedLogs;
let gateway: RunningGateway;

beforeAll(async () => {
  peers = await startServicePeers({ auth: { sessions: { alice: ALICE } } });
  courseLogs = captureLogs();
  course = await startKitCourse(courseLogs.logger, (router) => {
    router.get('/api/courses/whoami', (req, res) => {
      res.json(req.caller);
    });
  });
  gateway = await startGateway(loadGatewayConfig(gatewayEnv({ ...urlsOf(peers), course: course.url })), {
    logger: captureLogs().logger,
  });
});

afterAll(async () => {
  await gateway?.close();
  await course?.close(1_000);
  await peers?.closeAll();
});

const whoami = (base: string, headers: Record<string, string> = {}) =>
  request(`${base}/api/courses/whoami`, { headers });

describe('through the gateway', () => {
  it('carries the caller the session names to the service', async () => {
    const signedIn = await whoami(gateway.url, { cookie: 'sid=alice' });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json()).toEqual(ALICE);
    const visitor = await whoami(gateway.url);
    expect(visitor.status).toBe(200);
    expect(visitor.json()).toEqual({ kind: 'anonymous' });
  });

  it('never forwards a token the browser sends, even a valid one', async () => {
    const stolen = signInternalToken(ADMIN, SECRET);
    const res = await whoami(gateway.url, { [INTERNAL_TOKEN_HEADER]: stolen });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ kind: 'anonymous' });
  });
});

describe('straight to a service', () => {
  function refusals(): unknown[] {
    return courseLogs.logs
      .filter((line) => line.msg === 'refused an invalid internal token')
      .map((line) => line.reason);
  }

  async function expectRefused(token: string, reason: string): Promise<void> {
    const before = refusals().length;
    const res = await whoami(course.url, { [INTERNAL_TOKEN_HEADER]: token });
    expect(res.status).toBe(401);
    expect(res.json()).toEqual({ message: 'Requests must come through the gateway' });
    expect(refusals().slice(before)).toEqual([reason]);
  }

  it('accepts a token the gateway would sign', async () => {
    const res = await whoami(course.url, { [INTERNAL_TOKEN_HEADER]: signInternalToken(ADMIN, SECRET) });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual(ADMIN);
  });

  it('refuses a request without a token', async () => {
    const res = await whoami(course.url);
    expect(res.status).toBe(401);
  });

  it('refuses a token whose claims were changed', async () => {
    const [version, claims, signature] = signInternalToken(ALICE, SECRET).split('.');
    const decoded = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as { caller: Caller };
    const promoted = Buffer.from(
      JSON.stringify({ ...decoded, caller: { ...decoded.caller, role: 'admin' } }),
    ).toString('base64url');
    await expectRefused(`${version}.${promoted}.${signature}`, 'bad signature');
  });

  it('refuses an expired token', async () => {
    const token = signInternalToken(ALICE, SECRET, { now: new Date(Date.now() - 120_000) });
    await expectRefused(token, 'expired');
  });

  it('refuses a token made for another audience', async () => {
    const token = signInternalToken(ALICE, SECRET, { audience: 'another-platform' });
    await expectRefused(token, 'wrong audience');
  });

  it('refuses a token signed with another secret', async () => {
    const token = signInternalToken(ADMIN, 'not-the-platform-secret-0123456789abcdef');
    await expectRefused(token, 'bad signature');
  });
});
