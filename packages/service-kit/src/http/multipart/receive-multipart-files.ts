/**
 * The one way a service takes files from a multipart/form-data request: busboy parses the stream, each
 * file part goes through the caller's rule and content check into the object store (storeFilePart), one
 * after the other as they arrive.
 *
 * Nothing a client sends may throw out of here or out of an event: every busboy error (the parser emits
 * "Malformed part header" once per bad part, and may go on parsing), every part stream's error and a
 * client that goes away are caught and end the request as a 4xx. A request that breaks keeps none of
 * its files (the ones stored before the break are removed); files from earlier requests are untouched,
 * and a single file over its limit is only that file's refusal.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { UPLOAD_FILE_ID_FIELD } from '@platform/contracts';
import { AppError } from '../../errors.js';
import { removeReceivedFiles } from './remove-received-files.js';
import { PartBrokenError, storeFilePart } from './store-file-part.js';
import { SNIFF_BYTES } from '../../storage/detect-media-type.js';
import type {
  FileOutcome,
  FilePartInfo,
  MultipartFileRule,
  MultipartLimits,
  MultipartMessages,
  ReceiveMultipartFilesOptions,
} from './types.js';

const DEFAULT_LIMITS: MultipartLimits = { fields: 100, fieldSize: 1024, parts: 1000 };

const DEFAULT_MESSAGES: MultipartMessages = {
  notMultipart: 'Send the files as multipart/form-data',
  tooMany: 'Too many files in one upload',
  tooLarge: (maxBytes) => `File is larger than the ${maxBytes} byte limit`,
  notStored: 'The file could not be stored',
  unrecognised: 'The file content could not be recognised',
};

/** busboy's own messages, safe to show; anything else is described generically. */
const PARSER_MESSAGES = new Set([
  'Unexpected end of form',
  'Unexpected end of file',
  'Malformed part header',
]);

const MULTIPART_TYPE = /^multipart\/form-data\s*(?:;|$)/i;
/** RFC 2046: 1 to 70 characters. */
const BOUNDARY = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i;

/** Why a request was given up, decided by the first thing that went wrong. */
type Breakage =
  | { kind: 'abandoned' }
  | { kind: 'unreadable'; message: string }
  | { kind: 'too-many'; what: 'fields' | 'parts' }
  | { kind: 'internal'; error: unknown };

/** The files in the order sent, each stored or refused with its reason; throws AppError otherwise. */
export async function receiveMultipartFiles<TRule extends MultipartFileRule>(
  options: ReceiveMultipartFilesOptions<TRule>,
): Promise<FileOutcome<TRule>[]> {
  const { req, store, logger } = options;
  const messages = { ...DEFAULT_MESSAGES, ...options.messages };
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const sniffBytes = options.sniffBytes ?? SNIFF_BYTES;
  const parser = openParser(req.headers, limits, messages);

  const fields = options.fields ?? new Map<string, string>();
  const outcomes: Promise<FileOutcome<TRule>>[] = [];
  let breakage: Breakage | null = null;
  let storeFailure: unknown = null;

  const giveUp = (why: Breakage) => {
    if (breakage) return;
    breakage = why;
    req.unpipe(parser);
    // Ends the part being read with an error, so its store write stops and its partial object goes.
    parser.destroy(new PartBrokenError(why.kind));
    // Let the rest of the body drain, so a client still sending can read the answer.
    if (!req.destroyed) req.resume();
  };

  parser.on('field', (name, value) => {
    fields.set(name, value);
  });
  parser.on('file', (fieldName: string | undefined, file: Readable, info: busboy.FileInfo) => {
    // Whatever happens to this part later, its errors are ours to take, never the process's.
    file.on('error', () => undefined);
    if (breakage) {
      // busboy can still hand out a part from the chunk it was parsing when we gave up.
      file.resume();
      return;
    }
    try {
      const part: FilePartInfo = {
        fieldName: fieldName ?? '',
        fileName: cleanFileName(info.filename),
        claimedType: info.mimeType,
        clientId: clientIdOf(fields.get(UPLOAD_FILE_ID_FIELD)),
      };
      // An id names the one file after it, never the next.
      fields.delete(UPLOAD_FILE_ID_FIELD);
      const rule = outcomes.length >= options.maxFiles ? messages.tooMany : options.ruleFor(part, fields);
      if (typeof rule === 'string') {
        file.resume();
        outcomes.push(Promise.resolve({ rejected: { fileName: part.fileName, reason: rule } }));
        return;
      }
      const outcome = storeFilePart({
        file,
        part,
        rule,
        store,
        objectKey: `${options.keyPrefix}/${options.newObjectName?.() ?? randomBytes(24).toString('base64url')}`,
        sniffBytes,
        judge: options.judge,
        tooLarge: messages.tooLarge(rule.maxBytes),
        unrecognised: messages.unrecognised,
        logger,
      }).catch((error: unknown): FileOutcome<TRule> => {
        // A broken part is the request's breakage, already noted; anything else is the store's.
        if (!(error instanceof PartBrokenError)) storeFailure ??= error;
        return { rejected: { fileName: part.fileName, reason: messages.notStored } };
      });
      outcomes.push(outcome);
    } catch (error) {
      file.resume();
      giveUp({ kind: 'internal', error });
    }
  });
  parser.on('error', (error: unknown) => {
    const message = error instanceof Error ? error.message : '';
    giveUp({ kind: 'unreadable', message: PARSER_MESSAGES.has(message) ? message : 'malformed form data' });
  });
  parser.on('fieldsLimit', () => giveUp({ kind: 'too-many', what: 'fields' }));
  parser.on('partsLimit', () => giveUp({ kind: 'too-many', what: 'parts' }));
  const parsed = new Promise<void>((resolve) => parser.on('close', resolve));

  // Not `req.complete`: a request whose bytes all arrived is still cut short when its socket closes
  // before we have read them (Node drops what is buffered), and nothing would end the parser then.
  const onRequestClose = () => {
    if (!req.readableEnded) giveUp({ kind: 'abandoned' });
  };
  const onRequestError = () => giveUp({ kind: 'abandoned' });
  req.on('close', onRequestClose);
  req.on('error', onRequestError);
  // The client may have gone while the route was still checking who it is: then no event is coming.
  if (req.destroyed) giveUp({ kind: 'abandoned' });
  else req.pipe(parser);
  try {
    await parsed;
  } finally {
    req.off('close', onRequestClose);
    req.off('error', onRequestError);
  }

  const results = await Promise.all(outcomes);
  const broken = breakage as Breakage | null;
  if (!broken && !storeFailure) return results;

  const removed = await removeReceivedFiles(store, results, logger);
  if (storeFailure) {
    logger.error({ err: storeFailure, removed }, 'storing an uploaded file failed');
    throw new AppError('unavailable', 'The files could not be stored right now. Please try again.');
  }
  switch (broken!.kind) {
    case 'abandoned':
      logger.info({ removed }, 'multipart upload abandoned');
      throw new AppError('invalid', 'The upload was interrupted');
    case 'unreadable':
      logger.warn({ reason: broken!.message, removed }, 'multipart upload refused');
      throw new AppError('invalid', `The upload could not be read: ${broken!.message}`);
    case 'too-many':
      logger.warn({ reason: `too many ${broken!.what}`, removed }, 'multipart upload refused');
      throw new AppError(
        'payload_too_large',
        `The form has too many ${broken!.what}: at most ${limits[broken!.what]}`,
      );
    case 'internal':
      throw broken!.error;
  }
}

function openParser(
  headers: IncomingHttpHeaders,
  limits: MultipartLimits,
  messages: MultipartMessages,
): busboy.Busboy {
  const type = headers['content-type'];
  if (typeof type !== 'string' || !MULTIPART_TYPE.test(type)) {
    throw new AppError('unsupported_media_type', messages.notMultipart);
  }
  if (!BOUNDARY.test(type)) {
    throw new AppError('invalid', 'The upload could not be read: the form has no valid boundary');
  }
  try {
    return busboy({
      headers,
      limits: { fields: limits.fields, fieldSize: limits.fieldSize, parts: limits.parts },
      defParamCharset: 'utf8',
    });
  } catch {
    throw new AppError('invalid', 'The upload could not be read: the form has no valid boundary');
  }
}

/** The name as the client sent it, without any folder part or control characters, at most 255 long. */
function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // Control characters, and the bidirectional overrides that can disguise `gpj.exe` as `exe.jpg`.
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return (cleaned || 'file').slice(0, 255);
}

const CLIENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A client's file id when it is a UUID; anything else names nothing. */
function clientIdOf(value: string | undefined): string | null {
  return value && CLIENT_ID.test(value) ? value.toLowerCase() : null;
}
