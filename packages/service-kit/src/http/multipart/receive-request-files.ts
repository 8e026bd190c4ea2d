import type { Logger } from '../../logger.js';
import { requireStore } from '../../storage/require-store.js';
import type { ObjectStore } from '../../storage/types.js';
import { receiveMultipartFiles } from './receive-multipart-files.js';
import { removeReceivedFiles } from './remove-received-files.js';
import { splitFileOutcomes } from './split-file-outcomes.js';
import type {
  FileOutcome,
  MultipartFileRule,
  ReceiveMultipartFilesOptions,
  ReceivedFile,
  RefusedFile,
} from './types.js';

/** One route's upload, received: the outcomes, the request's logger, and how to drop what was stored. */
export interface ReceivedRequestFiles<TRule extends MultipartFileRule> {
  /** The files in the order sent, each stored or refused. */
  outcomes: FileOutcome<TRule>[];
  /** The outcomes parted (splitFileOutcomes). */
  stored: ReceivedFile<TRule>[];
  rejected: RefusedFile[];
  /** The request's logger (the service's when the request has none). */
  logger: Logger;
  /** Removes the objects this request stored (a refused or failed request keeps none). */
  discard(): Promise<void>;
  /** Runs `record` (the caller writes its rows); when it throws, removes the stored objects and rethrows. */
  recordOrDiscard<T>(record: () => Promise<T>): Promise<T>;
  /**
   * Removes some of the objects this request stored: files the caller did not record because they were
   * recorded before (sent again under the same client id, `ReceivedFile.clientId`).
   */
  discardObjects(keys: readonly string[]): Promise<void>;
}

/**
 * A route's `receiveMultipartFiles` into the service's object store (503 when the service has none),
 * logged with the request's logger.
 */
export async function receiveRequestFiles<TRule extends MultipartFileRule>(
  service: { store: ObjectStore | undefined; logger: Logger },
  options: Omit<ReceiveMultipartFilesOptions<TRule>, 'store' | 'logger'>,
): Promise<ReceivedRequestFiles<TRule>> {
  const store = requireStore(service.store);
  const logger = options.req.log ?? service.logger;
  const outcomes = await receiveMultipartFiles({ ...options, store, logger });
  const discard = async () => {
    await removeReceivedFiles(store, outcomes, logger);
  };
  return {
    outcomes,
    ...splitFileOutcomes(outcomes),
    logger,
    discard,
    discardObjects: async (keys) => {
      const chosen = new Set(keys);
      await removeReceivedFiles(
        store,
        outcomes.filter((outcome) => 'stored' in outcome && chosen.has(outcome.stored.objectKey)),
        logger,
      );
    },
    recordOrDiscard: async (record) => {
      try {
        return await record();
      } catch (error) {
        await discard();
        throw error;
      }
    },
  };
}
