/** Process entry: config → start → stop cleanly on SIGTERM/SIGINT. */
import { ConfigError } from '@platform/service-kit/config';
import { createLogger } from '@platform/service-kit/logger';
import { flushTraces, startMetricsServer, type MetricsServer } from '@platform/service-kit/runtime';
import { loadGatewayConfig, type GatewayConfig } from './config.js';
import { startGateway, type RunningGateway } from './server.js';

let config: GatewayConfig;
let gateway: RunningGateway;
let metrics: MetricsServer | undefined;
try {
  config = loadGatewayConfig(process.env);
  gateway = await startGateway(config);
  if (config.METRICS_PORT !== undefined) {
    const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
    metrics = await startMetricsServer({ port: config.METRICS_PORT, host: config.HOST, logger });
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`gateway: ${error.message}`);
  } else {
    console.error('gateway failed to start:', error);
  }
  process.exit(1);
}

let stopping = false;
function shutdown(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  console.info(`gateway: ${signal} received, shutting down`);
  // close() forces connections shut after SHUTDOWN_TIMEOUT_MS; this is the last resort.
  setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS + 1_000).unref();
  Promise.all([gateway.close(), metrics?.close()])
    .then(() => flushTraces())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('gateway: error during shutdown', error);
        process.exit(1);
      },
    );
}
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
