/** What the multipart receiver is told (a rule per file, a content check) and what it answers. */
import type { Request } from 'express';
import type { Logger } from '../../logger.js';
import type { ObjectStore } from '../../storage/types.js';

/** The least a caller's per-file rule says; the caller's own rule type adds what its judge needs. */
export interface MultipartFileRule {
  /** Bytes; a larger file is refused while it streams, and its partial object removed. */
  maxBytes: number;
}

/** The verdict on a file's first bytes: the type to store it with, or why it is refused. */
export type ContentVerdict =
  | {
      ok: true;
      contentType: string;
      /** Appended to the object's key as `.<extension>` (lower-case letters and digits, at most 10). */
      extension?: string;
    }
  | { ok: false; reason: string };

export interface FilePartInfo {
  /** The form field name ('' when the part had none). */
  fieldName: string;
  /** Without any folder part and control characters, trimmed; 'file' when nothing is left. */
  fileName: string;
  /** What the client claims; never trusted for the stored type. */
  claimedType: string;
  /**
   * The id the client gave this file (`UPLOAD_FILE_ID_FIELD` right before it, a UUID, lower-cased), the
   * same on every attempt, so a file sent again is recorded once; null when it gave none.
   */
  clientId: string | null;
}

export interface ReceivedFile<TRule extends MultipartFileRule> {
  rule: TRule;
  /** FilePartInfo.clientId. */
  clientId: string | null;
  objectKey: string;
  originalName: string;
  contentType: string;
  size: number;
}

export interface RefusedFile {
  fileName: string;
  reason: string;
}

export type FileOutcome<TRule extends MultipartFileRule> =
  { stored: ReceivedFile<TRule> } | { rejected: RefusedFile };

/** The wording of refusals; the defaults are plain English, a service passes its contract's. */
export interface MultipartMessages {
  notMultipart: string;
  tooMany: string;
  tooLarge(maxBytes: number): string;
  /** One file could not be written to the store (the request is then answered 503). */
  notStored: string;
  /** The content check failed on a file (content crafted to trip it); that file is refused. */
  unrecognised: string;
}

export interface MultipartLimits {
  /** Text fields; more is a 413. */
  fields: number;
  /** Bytes of one text field's value; longer values are cut (the caller's schema then refuses them). */
  fieldSize: number;
  /** Parts of any kind; more is a 413. */
  parts: number;
}

export interface ReceiveMultipartFilesOptions<TRule extends MultipartFileRule> {
  req: Request;
  store: ObjectStore;
  logger: Logger;
  /** Objects are stored under `<keyPrefix>/<random>`, never under anything the client sent. */
  keyPrefix: string;
  /**
   * A new random name for each object under `keyPrefix` (by default 24 random bytes, base64url), never
   * derived from what the client sent; the verdict's extension is appended to it.
   */
  newObjectName?(): string;
  /** Files past this many in one request are each refused with `messages.tooMany`. */
  maxFiles: number;
  /**
   * The rule for a file part, from its field name and the last value of each text field sent before
   * it; a string is the reason it is refused (the part is then read and dropped).
   */
  ruleFor(part: FilePartInfo, fieldsSoFar: ReadonlyMap<string, string>): TRule | string;
  /** Decides from the first `sniffBytes` of a file (all of it when shorter), never from its name alone. */
  judge(head: Buffer, part: FilePartInfo, rule: TRule): Promise<ContentVerdict>;
  /** How many first bytes `judge` sees (default 4100, file-type's sample size). */
  sniffBytes?: number;
  limits?: Partial<MultipartLimits>;
  messages?: Partial<MultipartMessages>;
  /** Collects the form's text fields (the last value of each), for a caller that reads them afterwards. */
  fields?: Map<string, string>;
}
