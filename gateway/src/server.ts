/** Starts the gateway and stops it gracefully: stop accepting, finish in-flight requests, close sockets. */
import { listen } from '@platform/service-kit/http';
import { createLogger, type Logger } from '@platform/service-kit/logger';
import { startTracing } from '@platform/service-kit/runtime';
import { createGateway } from './app.js';
import type { GatewayConfig } from './config.js';
import type { InProcessServices } from './upstream/api-proxy.js';
import { createUpstreamAgents } from './upstream/upstream-agents.js';

export interface RunningGateway {
  url: string;
  port: number;
  /** Resolves when every connection has closed, forcing them after `timeoutMs` (SHUTDOWN_TIMEOUT_MS). */
  close(timeoutMs?: number): Promise<void>;
}

export async function startGateway(
  config: GatewayConfig,
  options: { logger?: Logger; inProcess?: InProcessServices; clientBodyIdleMs?: number } = {},
): Promise<RunningGateway> {
  const logger = options.logger ?? createLogger({ service: 'gateway', level: config.LOG_LEVEL });
  startTracing({ serviceName: 'gateway', otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const agents = createUpstreamAgents();
  let stopping = false;
  const { listener } = createGateway(config, {
    logger,
    agents,
    inProcess: options.inProcess,
    ...(options.clientBodyIdleMs !== undefined && { clientBodyIdleMs: options.clientBodyIdleMs }),
    isStopping: () => stopping,
  });
  const running = await listen(listener, config.PORT, config.HOST);
  logger.info({ url: running.url }, 'gateway listening');
  let closing: Promise<void> | undefined;
  return {
    url: running.url,
    port: running.port,
    close(timeoutMs = config.SHUTDOWN_TIMEOUT_MS) {
      stopping = true;
      closing ??= running.close(timeoutMs).finally(() => agents.destroy());
      return closing;
    },
  };
}
