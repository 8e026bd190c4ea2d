import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningGateway } from '../server.js';
import { startTestGateway } from './helpers/gateway.js';
import { request } from './helpers/http-client.js';
import { gatewayEnv, refusedUrl, startServicePeers, urlsOf, type Peers } from './helpers/peers.js';

let peers: Peers;
let gateway: RunningGateway;
let withDownService: RunningGateway;

beforeAll(async () => {
  peers = await startServicePeers();
  gateway = await startTestGateway(gatewayEnv(urlsOf(peers)));
  withDownService = await startTestGateway(gatewayEnv({ ...urlsOf(peers), payment: await refusedUrl() }));
});

afterAll(async () => {
  await Promise.all([gateway?.close(), withDownService?.close()]);
  await peers?.closeAll();
});

describe('health', () => {
  it('is alive whatever the services do', async () => {
    const res = await request(`${withDownService.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is ready when all six services are ready', async () => {
    const res = await request(`${gateway.url}/readyz`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      services: {
        auth: 'ready',
        course: 'ready',
        consultation: 'ready',
        payment: 'ready',
        revenue: 'ready',
        notification: 'ready',
      },
    });
  });

  it('is not ready, naming the services that are not ready or cannot be reached', async () => {
    peers.revenue.ready = false;
    try {
      const res = await request(`${withDownService.url}/readyz`);
      expect(res.status).toBe(503);
      expect(res.json()).toEqual({
        status: 'not-ready',
        services: {
          auth: 'ready',
          course: 'ready',
          consultation: 'ready',
          payment: 'unreachable',
          revenue: 'not-ready',
          notification: 'ready',
        },
        failing: ['payment', 'revenue'],
      });
    } finally {
      peers.revenue.ready = true;
    }
  });
});
