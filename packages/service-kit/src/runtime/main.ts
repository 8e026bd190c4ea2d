/** Process entry for one service in the distributed mode: start, and stop cleanly on SIGTERM/SIGINT. */
import { ConfigError } from '../config.js';
import { startService, type BaseServiceConfig, type ServiceDefinition } from './service.js';

export async function runMain<TConfig extends BaseServiceConfig>(
  definition: ServiceDefinition<TConfig>,
): Promise<void> {
  let running;
  try {
    running = await startService(definition);
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
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    service.deps.logger.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      service.deps.logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, service.deps.config.SHUTDOWN_TIMEOUT_MS + 1_000);
    deadline.unref();
    service
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        service.deps.logger.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
