/**
 * Resumable uploads with tus 1.0.0 (`@tus/server`) at one path, `/api/uploads` (docs/decisions.md, 29): the
 * one mechanism every service that takes large files mounts, each with the purposes it handles
 * (`Upload-Metadata` `purpose`). The kit does the protocol, the checks every upload shares and the answers;
 * a purpose says who may upload what, how large, and what a finished file becomes.
 *
 * - Creation (`POST`): `Upload-Metadata` must parse (400), name a purpose this service takes (400) and
 *   match the purpose's schema (400); the purpose authorizes the caller (401/403/404); `Upload-Length` is
 *   required (400) and at most the purpose's limit (413). The upload id is `<the purpose's prefix>-<32 hex>`,
 *   so the gateway sends its later requests here. The purpose may drop metadata it does not want kept on
 *   disk (a token).
 * - Every later request (`HEAD`, `PATCH`, `DELETE`) is authorized by the purpose again, with the upload's
 *   kept metadata (null when no such upload is waiting). `GET` of an upload is not offered (404).
 * - The `PATCH` that completes the file runs the purpose's `finish` (checks the content, moves the file
 *   into the object store, records it) and answers 200 with its JSON. A refusal (an AppError below 500)
 *   removes the bytes and answers its status and message; other failures keep the bytes, so the client can
 *   ask again. `GET /api/uploads/{id}/result` answers the same JSON later, finishing a complete upload
 *   whose final answer was lost, and `HEAD` of a finished upload answers it complete, so a client that
 *   lost that answer asks for the result instead of sending the file again.
 * - An unfinished upload expires the store's expiry after its last activity (its creation or the last
 *   request that wrote bytes); the answers' `Upload-Expires` tell when, counting the bytes they took.
 * - Every refusal is JSON `{ message }`, tus's own ones (a wrong offset, an unknown upload) included.
 */
import { randomBytes } from 'node:crypto';
import {
  RESUMABLE_UPLOAD_MESSAGES,
  UPLOAD_ID_PATTERN,
  UPLOAD_PURPOSES,
  parseUploadMetadata,
} from '@platform/contracts';
import { Server, type Upload } from '@tus/server';
import type { Request, Response, Router } from 'express';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import type { z } from 'zod';
import { AppError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { ResumableUploadStore } from './resumable-upload-store.js';

/** What a request about an upload is asked to do, for the purpose's authorization. */
export type UploadAccess<TMetadata> =
  | { stage: 'create'; metadata: TMetadata }
  /** HEAD, PATCH or DELETE of an upload; `metadata` is null when no such upload is waiting. */
  | { stage: 'continue'; uploadId: string; metadata: TMetadata | null };

export interface FinishedUpload<TMetadata> {
  id: string;
  size: number;
  metadata: TMetadata;
  /** The file holding every byte; the kit removes it once `finish` is done. */
  filePath: string;
}

export interface ResumableUploadPurpose<TMetadata> {
  /** Its upload ids are `<idPrefix>-<32 hex>` (contracts UPLOAD_ID_PREFIXES). */
  idPrefix: string;
  /** The decoded `Upload-Metadata` (unknown keys ignored); its first issue is the 400's message. */
  metadataSchema: z.ZodType<TMetadata>;
  /** The largest file this upload may be. */
  maxBytes(metadata: TMetadata): number;
  /** The 413's message. */
  tooLarge(maxBytes: number): string;
  /** Throws an AppError (401, 403, 404) unless the caller may do this. */
  authorize(req: Request, access: UploadAccess<TMetadata>): Promise<void>;
  /** The metadata kept with the upload on disk (by default all that was sent), e.g. without a token. */
  keptMetadata?(metadata: Record<string, string>): Record<string, string>;
  /**
   * A complete upload becomes what the purpose stores: the JSON of the final answer. Throws an AppError
   * below 500 to refuse the file. Must be idempotent by upload id (a final PATCH and a GET …/result may
   * race, on different replicas too).
   */
  finish(upload: FinishedUpload<TMetadata>, req: Request, logger: Logger): Promise<unknown>;
  /**
   * A finished upload of this purpose: its size and the JSON of its final answer, or null when none;
   * authorizes the caller.
   */
  findResult(uploadId: string, req: Request): Promise<FinishedAnswer | null>;
}

export interface FinishedAnswer {
  /** The file's size in bytes (what `HEAD` answers as its `Upload-Offset` and `Upload-Length`). */
  size: number;
  body: unknown;
}

/** Keeps a purpose's metadata type inside, so purposes of different types mount together. */
export function defineUploadPurpose<TMetadata>(
  purpose: ResumableUploadPurpose<TMetadata>,
): ResumableUploadPurpose<unknown> {
  return purpose as unknown as ResumableUploadPurpose<unknown>;
}

export interface MountResumableUploadsOptions {
  /** `/api/uploads` (contracts RESUMABLE_UPLOADS_PATH). */
  path: string;
  store: ResumableUploadStore;
  logger: Logger;
  /** The purposes this service takes, by their `purpose` metadata value. */
  purposes: Record<string, ResumableUploadPurpose<unknown>>;
}

interface NodeBacked {
  runtime?: { node?: { req: Request } };
}

/** The Express request behind a request tus handles. */
function expressRequest(req: unknown): Request {
  const node = (req as NodeBacked).runtime?.node?.req;
  if (!node) throw new Error('tus request without its Node.js request');
  return node;
}

/** A refusal inside a tus hook, answered as our JSON error shape. */
function tusRefusal(error: AppError): { status_code: number; body: string } {
  return { status_code: error.status, body: JSON.stringify(error.toBody()) };
}

const notFound = () => new AppError('not_found', RESUMABLE_UPLOAD_MESSAGES.notFound);

export function mountResumableUploads(router: Router, options: MountResumableUploadsOptions): void {
  const { path, store, purposes } = options;
  const loggerOf = (req: Request): Logger => req.log ?? options.logger;

  /** The purpose an upload id belongs to here, or null. */
  function purposeOfId(id: string): ResumableUploadPurpose<unknown> | null {
    if (!UPLOAD_ID_PATTERN.test(id)) return null;
    return Object.values(purposes).find((purpose) => id.startsWith(`${purpose.idPrefix}-`)) ?? null;
  }

  function purposeNamed(name: string | undefined): ResumableUploadPurpose<unknown> {
    if (!name) throw new AppError('invalid', RESUMABLE_UPLOAD_MESSAGES.purpose);
    const purpose = Object.hasOwn(purposes, name) ? purposes[name] : undefined;
    if (purpose) return purpose;
    const known = (UPLOAD_PURPOSES as readonly string[]).includes(name);
    throw new AppError(
      'invalid',
      known ? RESUMABLE_UPLOAD_MESSAGES.purposeElsewhere(name) : RESUMABLE_UPLOAD_MESSAGES.purpose,
    );
  }

  function parseMetadata(purpose: ResumableUploadPurpose<unknown>, metadata: unknown): unknown {
    const parsed = purpose.metadataSchema.safeParse(metadata ?? {});
    if (!parsed.success) throw AppError.fromZod(parsed.error);
    return parsed.data;
  }

  /** The checks of a new upload, before tus creates anything. */
  async function checkCreation(req: Request): Promise<void> {
    const raw = parseUploadMetadata(req.get('upload-metadata'));
    if (!raw) throw new AppError('invalid', RESUMABLE_UPLOAD_MESSAGES.malformedMetadata);
    const purpose = purposeNamed(raw.purpose);
    const metadata = parseMetadata(purpose, raw);
    await purpose.authorize(req, { stage: 'create', metadata });
    const length = req.get('upload-length');
    if (length === undefined || !/^\d{1,16}$/.test(length)) {
      throw new AppError('invalid', RESUMABLE_UPLOAD_MESSAGES.lengthRequired);
    }
    const maxBytes = purpose.maxBytes(metadata);
    if (Number(length) > maxBytes) throw new AppError('payload_too_large', purpose.tooLarge(maxBytes));
  }

  /** The checks of a request about an existing upload: its purpose lets the caller through. */
  async function checkContinuation(req: Request, id: string): Promise<void> {
    const purpose = purposeOfId(id);
    if (!purpose) throw notFound();
    const upload = await store.findUpload(id);
    const parsed = upload ? purpose.metadataSchema.safeParse(upload.metadata ?? {}) : null;
    await purpose.authorize(req, {
      stage: 'continue',
      uploadId: id,
      metadata: parsed?.success ? parsed.data : null,
    });
  }

  /**
   * `HEAD` of an upload already finished (its bytes removed): complete, `Upload-Offset` = `Upload-Length`.
   * A client whose final answer was lost probes its upload before anything else; told it is gone, tus's
   * client would start the whole file again as a new upload. Told it is complete, it asks for the result.
   */
  async function answerFinishedHead(req: Request, res: Response, id: string): Promise<boolean> {
    const purpose = purposeOfId(id);
    if (!purpose || (await store.findUpload(id))) return false;
    const found = await purpose.findResult(id, req);
    if (!found) return false;
    res
      .status(200)
      .set({
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(found.size),
        'Upload-Length': String(found.size),
        'Cache-Control': 'no-store',
      })
      .end();
    return true;
  }

  /** One finishing per upload at a time in this process (the final PATCH and a GET …/result may race). */
  const finishing = new Map<string, Promise<unknown>>();

  function finishUpload(upload: Upload, req: Request): Promise<unknown> {
    const running = finishing.get(upload.id);
    if (running) return running;
    const work = finish(upload, req).finally(() => finishing.delete(upload.id));
    finishing.set(upload.id, work);
    return work;
  }

  async function finish(upload: Upload, req: Request): Promise<unknown> {
    const purpose = purposeOfId(upload.id);
    if (!purpose) throw new Error(`upload ${upload.id} has no purpose here`);
    const logger = loggerOf(req);
    let result: unknown;
    try {
      const metadata = parseMetadata(purpose, upload.metadata);
      result = await purpose.finish(
        { id: upload.id, size: upload.size ?? upload.offset, metadata, filePath: store.filePath(upload.id) },
        req,
        logger,
      );
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        await store.remove(upload.id).catch(() => undefined);
        logger.warn({ uploadId: upload.id, reason: error.message }, 'refused a finished upload');
      }
      throw error;
    }
    await store.remove(upload.id).catch((error: unknown) => {
      // The expiry job removes what is left.
      logger.warn({ err: error, uploadId: upload.id }, 'could not remove a finished upload’s bytes');
    });
    return result;
  }

  const tus = new Server({
    path,
    datastore: store,
    // Behind the gateway the service's own host means nothing to the browser.
    relativeLocation: true,
    // The gateway is the one origin: no cross-origin uploads.
    allowedOrigins: () => false,
    disableTerminationForFinishedUploads: true,
    namingFunction: (_req, metadata) => {
      // checkCreation let only a purpose of this service through.
      const purpose = purposeNamed(metadata?.purpose ?? undefined);
      return `${purpose.idPrefix}-${randomBytes(16).toString('hex')}`;
    },
    onUploadCreate: async (_req, upload) => {
      const purpose = purposeOfId(upload.id);
      const metadata = Object.fromEntries(
        Object.entries(upload.metadata ?? {}).map(([key, value]) => [key, value ?? '']),
      );
      return { metadata: purpose?.keptMetadata?.(metadata) ?? metadata };
    },
    onUploadFinish: async (req, upload: Upload) => {
      try {
        const result = await finishUpload(upload, expressRequest(req));
        return {
          status_code: 200,
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
          body: JSON.stringify(result),
        };
      } catch (error) {
        if (error instanceof AppError) throw tusRefusal(error);
        throw error;
      }
    },
    onResponseError: (req, error) => {
      if (!(error instanceof Error) && error.body.startsWith('{')) return undefined;
      const status = error instanceof Error ? 500 : error.status_code;
      const express = expressRequest(req);
      // A client that went away mid-PATCH is logged by the route, not as a failure.
      if (status >= 500 && express.complete) {
        loggerOf(express).error({ err: error }, 'resumable upload failed');
      }
      const message =
        status >= 500 ? 'Internal server error' : (error as { body: string }).body.trim() || 'Upload refused';
      return { status_code: status, body: JSON.stringify({ message }) };
    },
  });

  router.get(`${path}/:id/result`, async (req, res) => {
    const id = String(req.params.id);
    const purpose = purposeOfId(id);
    if (!purpose) throw notFound();
    const found = await purpose.findResult(id, req);
    if (found) {
      res.set('Cache-Control', 'no-store').json(found.body);
      return;
    }
    // Complete but never finished (the final answer failed, e.g. storage was down): finish it now.
    await checkContinuation(req, id);
    const upload = await store.findUpload(id);
    if (!upload || upload.size === undefined || upload.offset !== upload.size) {
      // A finish (the final PATCH, here or on another replica) may have recorded it and removed its bytes
      // since the read above: its record is the answer.
      const recorded = await purpose.findResult(id, req);
      if (!recorded) throw notFound();
      res.set('Cache-Control', 'no-store').json(recorded.body);
      return;
    }
    res.set('Cache-Control', 'no-store').json(await finishUpload(upload, req));
  });

  router.all([path, `${path}/{*rest}`], async (req, res) => {
    const rest = (req.params as { rest?: string[] }).rest ?? [];
    if (req.method === 'OPTIONS') {
      // tus's discovery: versions, extensions, the largest size; nothing about any upload.
    } else if (rest.length === 0) {
      if (req.method !== 'POST') throw new AppError('not_found', `Not found: ${req.method} ${req.path}`);
      await checkCreation(req);
    } else {
      // GET would download the unfinished bytes: not offered.
      if (rest.length > 1 || req.method === 'GET' || req.method === 'POST') {
        throw new AppError('not_found', `Not found: ${req.method} ${req.path}`);
      }
      if (req.method === 'HEAD' && (await answerFinishedHead(req, res, rest[0]!))) return;
      await checkContinuation(req, rest[0]!);
    }
    const response = await tus.handleWeb(new NodeRequest({ req, res }));
    // tus dates `Upload-Expires` from the upload's activity before this request; the bytes it took move it.
    const uploadId = rest[0] ?? response.headers.get('location')?.split('/').pop();
    if (uploadId && response.headers.has('upload-expires')) {
      const expires = await store.expiresAt(uploadId);
      if (expires) response.headers.set('Upload-Expires', expires.toUTCString());
    }
    if (response.status >= 400) response.headers.set('Content-Type', 'application/json; charset=utf-8');
    if (!req.complete) {
      // The client went away mid-PATCH: what arrived is kept, and the client resumes from `Upload-Offset`.
      loggerOf(req).info(
        { status: response.status, uploadOffset: response.headers.get('upload-offset') },
        'resumable upload interrupted',
      );
    }
    await sendNodeResponse(res, response);
  });
}
