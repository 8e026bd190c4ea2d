/**
 * Process entry for one service in the distributed mode: start, guard the process (process-guard.ts),
 * and stop cleanly on SIGTERM/SIGINT.
 */
import { ConfigError } from '../config.js';
import { startMetricsServer, type MetricsServer } from './metrics.js';
import { installProcessGuard } from './process-guard.js';
import { flushTraces } from './tracing.js';
import { startService, type BaseServiceConfig, type ServiceDefinition } from './service.js';

export async function runMain<TConfig extends BaseServiceConfig, TRuntime>(
  definition: ServiceDefinition<TConfig, TRuntime>,
): Promise<void> {
  let running;
  let metrics: MetricsServer | undefined;
  try {
    running = await startService(definition);
    const { METRICS_PORT, HOST } = running.deps.config;
    if (METRICS_PORT !== undefined) {
      metrics = await startMetricsServer({ port: METRICS_PORT, host: HOST, logger: running.deps.logger });
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${definition.name} service: ${error.message}`);
    } else {
      console.error(`${definition.name} service failed to start:`, error);
    }
    process.exit(1);
  }
  const service = running;
  let stopping = false;
  const shutdown = (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    service.deps.logger.info({ reason }, 'shutting down');
    // In-flight work has SHUTDOWN_TIMEOUT_MS; closing the consumers and connections after it, 5 s more.
    const deadline = setTimeout(() => {
      service.deps.logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, service.deps.config.SHUTDOWN_TIMEOUT_MS + 5_000);
    deadline.unref();
    Promise.all([service.stop(), metrics?.close()])
      .then(() => flushTraces())
      .then(() => process.exit(exitCode))
      .catch((error: unknown) => {
        service.deps.logger.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  // Alone in its process, the service exits (its supervisor starts a fresh one) only when an error
  // escapes outside any request; an error of one request is answered 500 and logged.
  installProcessGuard({
    logger: service.deps.logger,
    outsideRequest: 'exit',
    exit: (code) => shutdown('uncaught exception', code),
  });
  process.once('SIGTERM', () => shutdown('SIGTERM', 0));
  process.once('SIGINT', () => shutdown('SIGINT', 0));
}
