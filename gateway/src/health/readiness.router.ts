/** `/healthz`: the gateway process is alive. `/readyz`: every service behind it answers its own `/readyz`. */
import express, { type Router } from 'express';
import { SERVICE_NAMES, type ServiceName } from '@platform/contracts/services';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import { getServiceUrl, type GatewayConfig } from '../config.js';
import { getJson } from '../upstream/get-json.js';
import type { UpstreamAgents } from '../upstream/upstream-agents.js';

export type ServiceReadiness = 'ready' | 'not-ready' | 'unreachable';

const READINESS_TIMEOUT_MS = 2_000;

export interface ReadinessOptions {
  config: GatewayConfig;
  agents: UpstreamAgents;
}

export function createHealthRouter({ config, agents }: ReadinessOptions): Router {
  const router = express.Router();

  router.get('/healthz', (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 'ok' });
  });

  router.get('/readyz', async (req, res) => {
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
