/**
 * Removes the objects one request stored, when the request fails after storing them (the form broke
 * off, or the caller could not record them). A failed removal is logged, never thrown: the request's
 * own answer matters more. Returns how many were removed.
 */
import type { Logger } from '../../logger.js';
import type { ObjectStore } from '../../storage/types.js';
import type { FileOutcome, MultipartFileRule } from './types.js';

export async function removeReceivedFiles<TRule extends MultipartFileRule>(
  store: ObjectStore,
  outcomes: FileOutcome<TRule>[],
  logger: Logger,
): Promise<number> {
  const removed = await Promise.all(
    outcomes.map(async (outcome) => {
      if (!('stored' in outcome)) return 0;
      try {
        await store.delete(outcome.stored.objectKey);
        return 1;
      } catch (error) {
        logger.warn({ err: error, key: outcome.stored.objectKey }, 'could not remove an uploaded object');
        return 0;
      }
    }),
  );
  return removed.reduce<number>((sum, one) => sum + one, 0);
}
