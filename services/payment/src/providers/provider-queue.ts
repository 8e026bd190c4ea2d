/** The work queues that ask a payment provider for something (a refund, a charge), and how they retry. */
import { HOUR } from '@platform/service-kit/clock';
import {
  defineWorkQueue,
  exponentialBackoff,
  type WorkQueueDefinition,
  type WorkQueueOptions,
  type WorkTable,
} from '@platform/service-kit/jobs';

/**
 * A queue whose items are `queued` until handled. The provider may be down for a while: 30 s, doubling up
 * to an hour between attempts, 30 attempts, so it keeps trying for about a day before the item is `failed`
 * and an admin must step in.
 */
export function defineProviderQueue<TTable extends WorkTable>(
  options: Omit<WorkQueueOptions<TTable>, 'statuses' | 'backoff' | 'maxAttempts'>,
): WorkQueueDefinition {
  return defineWorkQueue({
    statuses: { ready: 'queued', failed: 'failed' },
    backoff: exponentialBackoff({ firstMs: 30_000, maxMs: HOUR }),
    maxAttempts: 30,
    ...options,
  });
}
