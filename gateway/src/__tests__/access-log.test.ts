/**
 * One access line per request, at the gateway: a proxied request is logged there once, at info; the
 * service it reaches (the kit's HTTP stack) logs it at debug only, and an answer of 500 as an error in both.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningServer } from '@platform/service-kit/http';
import { captureLogs, waitFor, type CapturedLogs } from '@platform/service-kit/testing';
import { loadGatewayConfig } from '../config.js';
import { startGateway, type RunningGateway } from '../server.js';
import { request } from './helpers/http-client.js';
import { gatewayEnv, startKitCourse, startServicePeers, urlsOf, type Peers } from './helpers/peers.js';

const INFO = 30;
const DEBUG = 20;
const ERROR = 50;

let peers: Peers;
let course: RunningServer;
let courseLogs: CapturedLogs;
let gatewayLogs: CapturedLogs;
let gateway: RunningGateway;

beforeAll(async () => {
  peers = await startServicePeers();
  courseLogs = captureLogs();
  course = await startKitCourse(courseLogs.logger, (router) => {
    router.get('/api/courses/cheap', (_req, res) => {
      res.json({ ok: true });
    });
    router.get('/api/courses/broken', () => {
      throw new Error('the database went away');
    });
  });
  gatewayLogs = captureLogs();
  gateway = await startGateway(loadGatewayConfig(gatewayEnv({ ...urlsOf(peers), course: course.url })), {
    logger: gatewayLogs.logger,
  });
});

afterAll(async () => {
  await gateway?.close();
  await course?.close(1_000);
  await peers?.closeAll();
});

const linesOf = (logs: CapturedLogs, reqId: string) => logs.logs.filter((line) => line.reqId === reqId);

/** Waits (up to 10 s) until `count` lines are logged for the request: lines are written once it is finished. */
async function waitForLines(logs: CapturedLogs, reqId: string, count = 1): Promise<void> {
  await waitFor(
    () => linesOf(logs, reqId).length,
    (lines) => lines >= count,
    `${count} log line(s) for ${reqId}`,
    { timeoutMs: 10_000, intervalMs: 10 },
  );
}

/** Requests `path` with the id `reqId` and waits for the gateway's and the service's lines for it. */
async function proxied(path: string, reqId: string) {
  const res = await request(`${gateway.url}${path}`, { headers: { 'x-request-id': reqId } });
  await waitForLines(gatewayLogs, reqId);
  await waitForLines(courseLogs, reqId);
  // A later request's lines: whatever the first one was going to log is logged by then.
  const barrier = `${reqId}-barrier`;
  await request(`${gateway.url}/api/courses/cheap`, { headers: { 'x-request-id': barrier } });
  await waitForLines(gatewayLogs, barrier);
  await waitForLines(courseLogs, barrier);
  return res;
}

describe('access lines', () => {
  it('logs a proxied request once at the gateway, at info, and at debug in the service', async () => {
    const res = await proxied('/api/courses/cheap?page=2', 'cheap-1');
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('cheap-1');
    expect(linesOf(gatewayLogs, 'cheap-1')).toEqual([
      expect.objectContaining({
        level: INFO,
        msg: 'request completed',
        req: { method: 'GET', url: '/api/courses/cheap?page=2' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(linesOf(courseLogs, 'cheap-1')).toEqual([
      expect.objectContaining({ level: DEBUG, msg: 'request completed', res: { statusCode: 200 } }),
    ]);
  });

  it('keeps headers, cookies and tokens out of the line', async () => {
    await proxied('/api/courses/cheap', 'private-1');
    const [line] = linesOf(gatewayLogs, 'private-1');
    expect(Object.keys(line ?? {}).sort()).toEqual(
      ['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'msg'].sort(),
    );
  });

  it('writes the values of secret query parameters (a set-password token) as [redacted]', async () => {
    const secret = 'pw-reset-7f3a9c1e';
    await proxied(`/api/courses/cheap?token=${secret}&page=2&uploadToken=${secret}`, 'query-1');
    const lines = [...linesOf(gatewayLogs, 'query-1'), ...linesOf(courseLogs, 'query-1')];
    expect(lines).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toContain(secret);
    expect(lines[0]).toMatchObject({
      req: { url: '/api/courses/cheap?token=[redacted]&page=2&uploadToken=[redacted]' },
    });
  });

  it('logs an answer of 500 as an error at the gateway and in the service', async () => {
    const res = await proxied('/api/courses/broken', 'broken-1');
    expect(res.status).toBe(500);
    expect(linesOf(gatewayLogs, 'broken-1')).toEqual([
      expect.objectContaining({ level: ERROR, msg: 'request errored', res: { statusCode: 500 } }),
    ]);
    const serviceLines = linesOf(courseLogs, 'broken-1');
    // The service's own account of the error, then its access line.
    expect(serviceLines).toEqual([
      expect.objectContaining({ level: ERROR, msg: 'unhandled error' }),
      expect.objectContaining({ level: ERROR, msg: 'request errored', res: { statusCode: 500 } }),
    ]);
  });

  it('logs an answer the gateway makes itself once too', async () => {
    const res = await request(`${gateway.url}/api/no-such-thing`, {
      headers: { 'x-request-id': 'unknown-1' },
    });
    expect(res.status).toBe(404);
    await waitForLines(gatewayLogs, 'unknown-1');
    await proxied('/api/courses/cheap', 'after-unknown-1');
    expect(linesOf(gatewayLogs, 'unknown-1')).toEqual([
      expect.objectContaining({ level: INFO, res: { statusCode: 404 } }),
    ]);
  });
});
