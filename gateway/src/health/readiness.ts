/**
 * `/livez` (and its older name `/healthz`): the gateway process answers; nothing else is checked.
 * `/readyz`: every service behind it answers its own `/readyz`; 503 at once while the gateway stops.
 */
import { SERVICE_NAMES, type ServiceName } from '@platform/contracts/services';
import { REQUEST_ID_HEADER } from '@platform/service-kit/identity';
import { getServiceUrl, type GatewayConfig } from '../config.js';
import { answerJson, requestPath, type NodeMiddleware } from '../plain-http.js';
import { getJson } from '../upstream/get-json.js';
import type { UpstreamAgents } from '../upstream/upstream-agents.js';

export type ServiceReadiness = 'ready' | 'not-ready' | 'unreachable';

const READINESS_TIMEOUT_MS = 2_000;

export interface ReadinessOptions {
  config: GatewayConfig;
  agents: UpstreamAgents;
  isStopping: () => boolean;
}

const NO_STORE = { 'cache-control': 'no-store' };

/** Answers `GET`/`HEAD /livez`, `/healthz` and `/readyz`; any other request goes on. */
export function createHealthCheck({ config, agents, isStopping }: ReadinessOptions): NodeMiddleware {
  async function answerReadiness(res: Parameters<NodeMiddleware>[1], requestId: string): Promise<void> {
    const results = await Promise.all(
      SERVICE_NAMES.map(async (service) => {
        const baseUrl = getServiceUrl(config, service);
        const readiness = await checkService(baseUrl, agents, requestId);
        return [service, readiness] as const;
      }),
    );
    const services = Object.fromEntries(results) as Record<ServiceName, ServiceReadiness>;
    const failing = results.filter(([, readiness]) => readiness !== 'ready').map(([service]) => service);
    if (failing.length === 0) answerJson(res, 200, { status: 'ready', services }, NO_STORE);
    else answerJson(res, 503, { status: 'not-ready', services, failing }, NO_STORE);
  }

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = requestPath(req);
    if (path === '/livez' || path === '/healthz') return answerJson(res, 200, { status: 'ok' }, NO_STORE);
    if (path !== '/readyz') return next();
    if (isStopping()) return answerJson(res, 503, { status: 'not-ready', stopping: true }, NO_STORE);
    return answerReadiness(res, String(req.id));
  };
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
