/**
 * Stops the services of one process together (the embedded mode: one bus for all). Each first drains
 * (readiness fails, HTTP and jobs finish what they hold, its outbox is published) while every consumer
 * still runs; then the outboxes are published again until a round finds nothing, since a handler of one
 * service may have enqueued an event for the next; only then do consumers, relays and connections close.
 */
import type { RunningService } from './service.js';

/** A chain of events one handler passes to the next is at most this long while stopping. */
const MAX_FLUSH_ROUNDS = 10;

export async function stopServices(
  services: ReadonlyArray<Pick<RunningService, 'drain' | 'flushOutbox' | 'stop'>>,
  options: {
    /**
     * When the drain must be over (ms since the epoch), shared with whatever the process stopped before
     * (the embedded gateway); each service's own SHUTDOWN_TIMEOUT_MS from now when left out.
     */
    deadline?: number;
  } = {},
): Promise<void> {
  await Promise.all(services.map((service) => service.drain(options.deadline)));
  for (let round = 0; round < MAX_FLUSH_ROUNDS; round++) {
    const taken = await Promise.all(services.map((service) => service.flushOutbox().catch(() => 0)));
    if (taken.every((rows) => rows === 0)) break;
  }
  await Promise.all(services.map((service) => service.stop()));
}
