import { beforeAll, describe, expect, it } from '@jest/globals';
import { listen } from '@platform/service-kit/http';
import { createGateway } from '../app.js';
import { loadGatewayConfig } from '../config.js';
import type { RunningGateway } from '../server.js';
import { useGatewaysOnPeers } from './helpers/gateway.js';
import { request } from './helpers/http-client.js';
import { gatewayEnv, refusedUrl, urlsOf } from './helpers/peers.js';

/** What `/readyz` names for the six services when each one answers ready. */
const EVERY_SERVICE_READY = {
  auth: 'ready',
  course: 'ready',
  consultation: 'ready',
  payment: 'ready',
  revenue: 'ready',
  notification: 'ready',
};

const { peers, startGateway } = useGatewaysOnPeers();
let gateway: RunningGateway;
let withDownService: RunningGateway;

beforeAll(async () => {
  gateway = await startGateway();
  withDownService = await startGateway({}, { ...urlsOf(peers), payment: await refusedUrl() });
});

describe('health', () => {
  it('is alive whatever the services do', async () => {
    for (const path of ['/livez', '/healthz']) {
      const res = await request(`${withDownService.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
  });

  it('is not ready once it is stopping, though every service is', async () => {
    let stopping = false;
    const { listener } = createGateway(loadGatewayConfig(gatewayEnv(urlsOf(peers))), {
      isStopping: () => stopping,
    });
    const server = await listen(listener, 0, '127.0.0.1');
    try {
      expect((await request(`${server.url}/readyz`)).status).toBe(200);
      stopping = true;
      const res = await request(`${server.url}/readyz`);
      expect(res.status).toBe(503);
      expect(res.json()).toEqual({ status: 'not-ready', stopping: true });
      expect((await request(`${server.url}/livez`)).status).toBe(200);
    } finally {
      await server.close(1_000);
    }
  });

  it('is ready when all six services are ready', async () => {
    const res = await request(`${gateway.url}/readyz`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', services: EVERY_SERVICE_READY });
  });

  it('is not ready, naming the services that are not ready or cannot be reached', async () => {
    peers.revenue.ready = false;
    try {
      const res = await request(`${withDownService.url}/readyz`);
      expect(res.status).toBe(503);
      expect(res.json()).toEqual({
        status: 'not-ready',
        services: { ...EVERY_SERVICE_READY, payment: 'unreachable', revenue: 'not-ready' },
        failing: ['payment', 'revenue'],
      });
    } finally {
      peers.revenue.ready = true;
    }
  });
});
