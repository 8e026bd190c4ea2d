import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningGateway } from '../server.js';
import { startTestGateway } from './helpers/gateway.js';
import { request } from './helpers/http-client.js';
import { gatewayEnv, startServicePeers, urlsOf, type Peers } from './helpers/peers.js';

let peers: Peers;
let requestArrived: () => void;
const arrived = new Promise<void>((resolve) => (requestArrived = resolve));

beforeAll(async () => {
  peers = await startServicePeers({
    course: {
      routes: (router) => {
        router.get('/api/courses/slow', (_req, res) => {
          requestArrived();
          setTimeout(() => res.json({ finished: true }), 700);
        });
      },
    },
  });
});

afterAll(async () => {
  await peers?.closeAll();
});

describe('graceful shutdown', () => {
  it('finishes the request in flight, refuses new connections and closes idle keep-alive sockets', async () => {
    const gateway: RunningGateway = await startTestGateway(gatewayEnv(urlsOf(peers)));
    // An idle keep-alive connection must not hold the shutdown up.
    const keepAlive = new http.Agent({ keepAlive: true });
    const idle = await new Promise<number>((resolve, reject) => {
      http
        .get(`${gateway.url}/healthz`, { agent: keepAlive }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject);
    });
    expect(idle).toBe(200);

    const inFlight = request(`${gateway.url}/api/courses/slow`);
    await arrived;
    const started = Date.now();
    const closed = gateway.close();
    await sleep(50);

    await expect(request(`${gateway.url}/healthz`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ finished: true });

    await closed;
    expect(Date.now() - started).toBeLessThan(5_000);
    keepAlive.destroy();
  });
});
