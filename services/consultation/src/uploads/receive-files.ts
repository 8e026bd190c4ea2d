/**
 * Streams the files of a multipart request into the object store, one after the other as they arrive
 * (busboy): the first bytes decide whether a file is accepted (file-type), the rest flows straight into
 * `ObjectStore.put`, and the size limit is enforced while streaming (the partial object is removed).
 * Nothing holds a whole file in memory. A refused file is read and dropped so the next one can follow.
 * If the request breaks off, or the store fails, every object stored for it is removed again.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Request } from 'express';
import busboy from 'busboy';
import { UPLOAD_MESSAGES, type ConsultationFileKind, type RejectedFile } from '@platform/contracts';
import { AppError, type Logger, type ObjectStore } from '@platform/service-kit';
import { judgeFile, SNIFF_BYTES, type FileRule } from './file-rules.js';

export interface StoredFile {
  kind: ConsultationFileKind;
  objectKey: string;
  originalName: string;
  contentType: string;
  size: number;
}

export type FileOutcome = { stored: StoredFile } | { rejected: RejectedFile };

export interface ReceiveFilesOptions {
  req: Request;
  store: ObjectStore;
  logger: Logger;
  maxFiles: number;
  /**
   * The rule for a file part, from its field name and the last value of each text field sent before it;
   * a string is the reason it is refused.
   */
  ruleFor(fieldName: string, fieldsSoFar: ReadonlyMap<string, string>): FileRule | string;
}

class FileTooLargeError extends Error {}
/** The request stopped mid-way (the client went away, or the form ended early). */
class RequestBrokenError extends Error {}

/** The files in the order sent, each stored or refused with its reason. */
export async function receiveFiles(options: ReceiveFilesOptions): Promise<FileOutcome[]> {
  const { req, store, logger } = options;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { fields: 100, fieldSize: 1024, parts: 1000, headerPairs: 100 },
      defParamCharset: 'utf8',
    });
  } catch {
    throw new AppError('unsupported_media_type', UPLOAD_MESSAGES.notMultipart);
  }

  const fields = new Map<string, string>();
  const outcomes: Promise<FileOutcome>[] = [];
  let storeFailure: unknown = null;

  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name, value) => fields.set(name, value));
    parser.on('file', (fieldName, file, info) => {
      const originalName = cleanFileName(info.filename);
      const rule =
        outcomes.length >= options.maxFiles ? UPLOAD_MESSAGES.tooMany : options.ruleFor(fieldName, fields);
      if (typeof rule === 'string') {
        file.resume();
        outcomes.push(Promise.resolve({ rejected: { fileName: originalName, reason: rule } }));
        return;
      }
      const outcome = storeFile(file, originalName, rule, store).catch((error: unknown) => {
        // The request broke off (the part stream fails) or the store failed: remember the latter.
        if (!(error instanceof RequestBrokenError)) storeFailure ??= error;
        return { rejected: { fileName: originalName, reason: 'The file could not be stored' } };
      });
      outcomes.push(outcome);
    });
    parser.once('close', resolve);
    parser.once('error', reject);
  });

  const onClose = () => {
    if (!req.complete) parser.destroy(new RequestBrokenError('The upload was interrupted'));
  };
  req.once('close', onClose);
  req.pipe(parser);

  let parseError: unknown = null;
  try {
    await parsed;
  } catch (error) {
    parseError = error;
    req.unpipe(parser);
    // Let the rest of the body drain so the answer can still be read by the client.
    req.resume();
  } finally {
    req.off('close', onClose);
  }
  const results = await Promise.all(outcomes);
  if (parseError || storeFailure) {
    await removeStored(store, results, logger);
    if (storeFailure) {
      logger.error({ err: storeFailure }, 'storing an uploaded consultation file failed');
      throw new AppError('unavailable', 'The files could not be stored right now. Please try again.');
    }
    if (parseError instanceof RequestBrokenError) throw new AppError('invalid', parseError.message);
    throw new AppError(
      'invalid',
      `The upload could not be read: ${parseError instanceof Error ? parseError.message : 'malformed form data'}`,
    );
  }
  return results;
}

/** Removes what this request stored (after a failure later on). */
export async function removeStored(
  store: ObjectStore,
  outcomes: FileOutcome[],
  logger: Logger,
): Promise<void> {
  await Promise.all(
    outcomes.map(async (outcome) => {
      if (!('stored' in outcome)) return;
      await store.delete(outcome.stored.objectKey).catch((error: unknown) => {
        logger.warn({ err: error, key: outcome.stored.objectKey }, 'could not remove an uploaded object');
      });
    }),
  );
}

/** Random, and unrelated to the submission or the file's name. */
export function newObjectKey(): string {
  return `consultation-files/${randomBytes(24).toString('base64url')}`;
}

async function storeFile(
  file: Readable,
  originalName: string,
  rule: FileRule,
  store: ObjectStore,
): Promise<FileOutcome> {
  const reject = (reason: string): FileOutcome => ({ rejected: { fileName: originalName, reason } });
  const tooLarge = UPLOAD_MESSAGES.tooLarge(rule.maxBytes);
  const parts = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const next = async () => {
    try {
      return await parts.next();
    } catch (error) {
      throw new RequestBrokenError(error instanceof Error ? error.message : String(error));
    }
  };
  const drain = async () => {
    for (;;) if ((await next()).done) return;
  };

  const headChunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < SNIFF_BYTES) {
    const part = await next();
    if (part.done) {
      ended = true;
      break;
    }
    headChunks.push(part.value);
    size += part.value.length;
  }
  const head = Buffer.concat(headChunks);
  if (size > rule.maxBytes) {
    if (!ended) await drain();
    return reject(tooLarge);
  }
  const verdict = await judgeFile(head.subarray(0, SNIFF_BYTES), originalName, rule);
  if (!verdict.ok) {
    if (!ended) await drain();
    return reject(verdict.reason);
  }

  let overLimit = false;
  async function* body(): AsyncGenerator<Buffer> {
    yield head;
    if (ended) return;
    for (;;) {
      const part = await next();
      if (part.done) return;
      size += part.value.length;
      if (size > rule.maxBytes) {
        overLimit = true;
        throw new FileTooLargeError(tooLarge);
      }
      yield part.value;
    }
  }
  const objectKey = newObjectKey();
  try {
    const info = await store.put(objectKey, Readable.from(body(), { objectMode: false }), {
      contentType: verdict.contentType,
    });
    return {
      stored: { kind: rule.kind, objectKey, originalName, contentType: verdict.contentType, size: info.size },
    };
  } catch (error) {
    // The store leaves no partial object behind; make sure, then read what is left of the part.
    await store.delete(objectKey).catch(() => undefined);
    if (overLimit) {
      await drain();
      return reject(tooLarge);
    }
    if (!(error instanceof RequestBrokenError)) await drain().catch(() => undefined);
    throw error;
  }
}

/** The name as the browser sent it, without any folder part, trimmed to something displayable. */
function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned || 'file').slice(0, 255);
}
