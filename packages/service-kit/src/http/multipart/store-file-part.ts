/**
 * Streams one file part into the object store: its first bytes decide whether it is accepted, the rest
 * flows straight into `ObjectStore.put`, and the size limit is enforced while it streams (the partial
 * object is removed). Nothing holds a whole file in memory. A refused file is read to its end and
 * dropped, so the parser can go on to the next part.
 */
import { Readable } from 'node:stream';
import type { Logger } from '../../logger.js';
import type { ObjectStore } from '../../storage/types.js';
import type { ContentVerdict, FileOutcome, FilePartInfo, MultipartFileRule } from './types.js';

/** The part stopped mid-way: the client went away, or the form broke off or went wrong. */
export class PartBrokenError extends Error {
  override name = 'PartBrokenError';
}

class FileTooLargeError extends Error {}

export interface StoreFilePartOptions<TRule extends MultipartFileRule> {
  file: Readable;
  part: FilePartInfo;
  rule: TRule;
  store: ObjectStore;
  objectKey: string;
  sniffBytes: number;
  judge(head: Buffer, part: FilePartInfo, rule: TRule): Promise<ContentVerdict>;
  tooLarge: string;
  /** The reason given when `judge` throws. */
  unrecognised: string;
  logger: Logger;
}

/**
 * Stored or refused; throws PartBrokenError when the part's stream fails, and the store's error when
 * the store fails (after reading the rest of the part, so the parser is never left waiting on it).
 */
export async function storeFilePart<TRule extends MultipartFileRule>(
  options: StoreFilePartOptions<TRule>,
): Promise<FileOutcome<TRule>> {
  const { file, part, rule, store } = options;
  let objectKey = options.objectKey;
  const reject = (reason: string): FileOutcome<TRule> => ({ rejected: { fileName: part.fileName, reason } });
  const chunks = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const next = async () => {
    try {
      return await chunks.next();
    } catch (error) {
      throw new PartBrokenError(error instanceof Error ? error.message : String(error));
    }
  };
  const drain = async () => {
    for (;;) if ((await next()).done) return;
  };

  try {
    return await sniffAndStore();
  } catch (error) {
    // Read what is left of the part, so the parser can go on (a broken part has nothing left to read).
    if (!(error instanceof PartBrokenError)) await drain().catch(() => undefined);
    throw error;
  }

  async function sniffAndStore(): Promise<FileOutcome<TRule>> {
    const headChunks: Buffer[] = [];
    let size = 0;
    let ended = false;
    while (size < options.sniffBytes) {
      const chunk = await next();
      if (chunk.done) {
        ended = true;
        break;
      }
      headChunks.push(chunk.value);
      size += chunk.value.length;
    }
    const head = Buffer.concat(headChunks);
    if (size > rule.maxBytes) {
      if (!ended) await drain();
      return reject(options.tooLarge);
    }
    let verdict: ContentVerdict;
    try {
      verdict = await options.judge(head.subarray(0, options.sniffBytes), part, rule);
    } catch (error) {
      // Content crafted to trip the checker is refused like any other unrecognised content.
      options.logger.warn({ err: error, fileName: part.fileName }, 'the content check failed on a file');
      verdict = { ok: false, reason: options.unrecognised };
    }
    if (!verdict.ok) {
      if (!ended) await drain();
      return reject(verdict.reason);
    }
    if (verdict.extension !== undefined) {
      if (!/^[a-z0-9]{1,10}$/.test(verdict.extension)) throw new Error('invalid object key extension');
      objectKey = `${objectKey}.${verdict.extension}`;
    }

    let overLimit = false;
    async function* body(): AsyncGenerator<Buffer> {
      yield head;
      if (ended) return;
      for (;;) {
        const chunk = await next();
        if (chunk.done) return;
        size += chunk.value.length;
        if (size > rule.maxBytes) {
          overLimit = true;
          throw new FileTooLargeError(options.tooLarge);
        }
        yield chunk.value;
      }
    }
    options.logger.debug(
      { fileName: part.fileName, fieldName: part.fieldName, contentType: verdict.contentType },
      'storing an uploaded file',
    );
    try {
      const info = await store.put(objectKey, Readable.from(body(), { objectMode: false }), {
        contentType: verdict.contentType,
      });
      return {
        stored: {
          rule,
          clientId: part.clientId,
          objectKey,
          originalName: part.fileName,
          contentType: verdict.contentType,
          size: info.size,
        },
      };
    } catch (error) {
      // The store leaves no partial object behind; make sure.
      await store.delete(objectKey).catch(() => undefined);
      if (!overLimit) throw error;
      await drain();
      return reject(options.tooLarge);
    }
  }
}
