/**
 * A request line in absolute form (`GET http://host/path`, which a server must accept) is routed by its
 * path with its dot segments resolved: the service it goes to must be handed that same path, not the raw
 * one, or a path the route table never gave it (`/internal/…`) would reach it.
 */
import http from 'node:http';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningGateway } from '../server.js';
import { useGatewaysOnPeers } from './helpers/gateway.js';

const { peers, startGateway } = useGatewaysOnPeers();

/** Sends `target` as the request line's target, as written. */
function sendTarget(gateway: RunningGateway, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: gateway.port, path: target, agent: false });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.end();
  });
}

describe('a request line in absolute form', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway();
  });

  it('hands the service the path it was routed by', async () => {
    const before = peers.course.seen.length;
    expect(
      await sendTarget(gateway, 'http://127.0.0.1/internal/demo-video-files/../../api/courses?x=1'),
    ).toBe(200);
    expect(peers.course.seen.slice(before).map((seen) => seen.url)).toEqual(['/api/courses?x=1']);
  });

  it('with encoded dot segments too', async () => {
    const before = peers.auth.seen.length;
    expect(await sendTarget(gateway, 'http://127.0.0.1/internal/session/%2e%2e/%2E%2E/api/account')).toBe(
      200,
    );
    expect(peers.auth.seen.slice(before).map((seen) => seen.url)).toEqual(['/api/account']);
  });
});
