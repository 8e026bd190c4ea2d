/**
 * `/livez` (and its older name `/healthz`): the gateway process answers; nothing else is checked.
 * `/readyz`: every service behind it answers its own `/readyz`; 503 at once while the gateway stops.
 */
import express, { type Router } from 'express';
import { REQUEST_ID_HEADER, SERVICE_NAMES, type ServiceName } from '@platform/service-kit';
import { getServiceUrl, type GatewayConfig } from '../config.js';
import { getJson } from '../upstream/get-json.js';
import type { UpstreamAgents } from '../upstream/upstream-agents.js';

export type ServiceReadiness = 'ready' | 'not-ready' | 'unreachable';

const READINESS_TIMEOUT_MS = 2_000;

export interface ReadinessOptions {
  config: GatewayConfig;
  agents: UpstreamAgents;
  isStopping: () => boolean;
}

export function createHealthRouter({ config, agents, isStopping }: ReadinessOptions): Router {
  const router = express.Router();

  router.get(['/livez', '/healthz'], (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 'ok' });
  });

  router.get('/readyz', async (req, res) => {
    if (isStopping()) {
      res.setHeader('cache-control', 'no-store');
      res.status(503).json({ status: 'not-ready', stopping: true });
      return;
    }
    const results = await Promise.all(
      SERVICE_NAMES.map(async (service) => {
        const baseUrl = getServiceUrl(config, service);
        const readiness = await checkService(baseUrl, agents, String(req.id));
        return [service, readiness] as const;
      }),
    );
    const services = Object.fromEntries(results) as Record<ServiceName, ServiceReadiness>;
    const failing = results.filter(([, readiness]) => readiness !== 'ready').map(([service]) => service);
    res.setHeader('cache-control', 'no-store');
    if (failing.length === 0) {
      res.json({ status: 'ready', services });
      return;
    }
    res.status(503).json({ status: 'not-ready', services, failing });
  });

  return router;
}

async function checkService(
  baseUrl: string,
  agents: UpstreamAgents,
  requestId: string,
): Promise<ServiceReadiness> {
  try {
    const answer = await getJson(`${baseUrl}/readyz`, {
      upstream: baseUrl,
      headers: { [REQUEST_ID_HEADER]: requestId },
      timeoutMs: READINESS_TIMEOUT_MS,
      agent: agents.agentFor(baseUrl),
    });
    return answer.status === 200 ? 'ready' : 'not-ready';
  } catch {
    return 'unreachable';
  }
}
