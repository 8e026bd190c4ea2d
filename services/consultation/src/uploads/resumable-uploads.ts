/**
 * An owner's consultation files through the resumable uploads at `/api/uploads` (docs/decisions.md, 16,
 * 17 and 29), purpose `consultation`, on the kit's `mountResumableUploads`: the large files of step 2 (the
 * walkthrough video above all) survive a dropped connection.
 *
 * The same rights as the multipart upload, on every request: the submission's upload token
 * (`X-Upload-Token`, or `uploadToken` in the creation's metadata, which is never kept on disk), its owner's
 * session, or an admin. The same limits (the kind's size) and the same content check when the file is
 * complete; a file that passes becomes one of the submission's files exactly as a multipart one (stored
 * under a random key, listed with the others), with the upload id as its file id.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  CONSULTATION_UPLOAD_MESSAGES,
  ConsultationUploadMetadataSchema,
  RESUMABLE_UPLOAD_EXPIRY_MS,
  RESUMABLE_UPLOADS_PATH,
  UPLOAD_ID_PREFIXES,
  UPLOAD_MESSAGES,
  type ConsultationUploadMetadata,
  type ConsultationUploadResult,
} from '@platform/contracts';
import { isForeignKeyViolation } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import type { Logger } from '@platform/service-kit/logger';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import { readFileHead, requireStore } from '@platform/service-kit/storage';
import {
  ResumableUploadStore,
  defineUploadPurpose,
  expireResumableUploadsJob,
  mountResumableUploads,
  type FinishedUpload,
} from '@platform/service-kit/uploads';
import type { Router } from 'express';
import type { ConsultationConfig } from '../config.js';
import { authorizeSubmission } from '../submissions/authorize-submission.js';
import {
  findFileWithSubmission,
  findSubmission,
  insertFileOnce,
  type FileRow,
} from '../submissions/submissions.repository.js';
import { filePath } from '../submissions/to-views.js';
import { OBJECT_KEY_PREFIX } from './add-files.js';
import { judgeFile, type FileRules } from './file-rules.js';

export const EXPIRE_CONSULTATION_UPLOADS_JOB = 'expire-consultation-uploads';

export function consultationUploadsDir(config: ConsultationConfig): string {
  return path.join(config.DATA_DIR, 'uploads', 'consultation-files');
}

function consultationUploadStore(deps: ServiceDeps<ConsultationConfig>): ResumableUploadStore {
  return new ResumableUploadStore({
    directory: consultationUploadsDir(deps.config),
    clock: deps.clock,
    expiryMs: RESUMABLE_UPLOAD_EXPIRY_MS,
  });
}

export function expireConsultationUploadsJob(deps: ServiceDeps<ConsultationConfig>) {
  return expireResumableUploadsJob({
    name: EXPIRE_CONSULTATION_UPLOADS_JOB,
    store: consultationUploadStore(deps),
    everyMs: deps.config.CONSULTATION_UPLOAD_SWEEP_INTERVAL_MS,
  });
}

function toResult(file: FileRow): ConsultationUploadResult {
  return {
    success: true,
    uploadId: file.id,
    submissionId: file.submissionId,
    kind: file.kind,
    file: {
      originalName: file.originalName,
      size: file.size,
      path: filePath(file.id),
      contentType: file.contentType,
    },
  };
}

async function finishConsultationUpload(
  deps: ServiceDeps<ConsultationConfig>,
  rules: FileRules,
  upload: FinishedUpload<ConsultationUploadMetadata>,
  logger: Logger,
): Promise<ConsultationUploadResult> {
  const store = requireStore(deps.store);
  const existing = await findFileWithSubmission(deps.db, upload.id);
  if (existing) return toResult(existing.file);

  const { metadata } = upload;
  const rule = rules.forKind(metadata.fileType);
  const verdict = await judgeFile(await readFileHead(upload.filePath), metadata.filename, rule);
  if (!verdict.ok) throw new AppError('unsupported_media_type', verdict.reason);

  const objectKey = `${OBJECT_KEY_PREFIX}/${randomBytes(24).toString('base64url')}`;
  const stored = await store.putFile(objectKey, upload.filePath, {
    contentType: verdict.contentType,
    size: upload.size,
  });
  const row: FileRow = {
    id: upload.id,
    submissionId: metadata.submissionId,
    kind: metadata.fileType,
    objectKey,
    originalName: metadata.filename,
    contentType: verdict.contentType,
    size: stored.size,
    clientFileId: null,
    createdAt: deps.clock.now(),
  };
  if (!(await recordOrDiscard(deps, row, logger))) {
    // Another replica finished it first: keep its object, not this copy.
    await store.delete(objectKey);
    const winner = await findFileWithSubmission(deps.db, upload.id);
    if (!winner) throw new Error(`consultation upload ${upload.id} vanished while finishing`);
    return toResult(winner.file);
  }
  logger.info(
    { submissionId: row.submissionId, uploadId: row.id, kind: row.kind, size: row.size },
    'consultation file uploaded (resumable)',
  );
  return toResult(row);
}

/**
 * Records the stored file; when that fails, removes its object (a retry stores it again) and rethrows, as a
 * 404 when the submission is gone (deleted, its owner's account erased, after the rights were checked):
 * the kit then removes the upload's bytes too, and nothing of the file is kept.
 */
async function recordOrDiscard(
  deps: ServiceDeps<ConsultationConfig>,
  row: FileRow,
  logger: Logger,
): Promise<boolean> {
  try {
    return await insertFileOnce(deps.db, row);
  } catch (error) {
    await requireStore(deps.store)
      .delete(row.objectKey)
      .catch((deleteError: unknown) => {
        logger.warn(
          { err: deleteError, uploadId: row.id, objectKey: row.objectKey },
          'could not remove the object of an upload that was not recorded',
        );
      });
    if (isForeignKeyViolation(error) || (await submissionGone(deps, row.submissionId))) {
      throw new AppError('not_found', CONSULTATION_UPLOAD_MESSAGES.uploadNotFound);
    }
    throw error;
  }
}

/** Whether the submission is known to be gone (false when that cannot be told, e.g. the database is down). */
async function submissionGone(deps: ServiceDeps<ConsultationConfig>, submissionId: string): Promise<boolean> {
  return (await findSubmission(deps.db, submissionId).catch(() => undefined)) === null;
}

export function resumableUploadRoutes(
  router: Router,
  deps: ServiceDeps<ConsultationConfig>,
  rules: FileRules,
): void {
  mountResumableUploads(router, {
    path: RESUMABLE_UPLOADS_PATH,
    store: consultationUploadStore(deps),
    logger: deps.logger,
    purposes: {
      consultation: defineUploadPurpose<ConsultationUploadMetadata>({
        idPrefix: UPLOAD_ID_PREFIXES.consultation,
        metadataSchema: ConsultationUploadMetadataSchema,
        maxBytes: (metadata) => rules.forKind(metadata.fileType).maxBytes,
        tooLarge: UPLOAD_MESSAGES.tooLarge,
        authorize: async (req, access) => {
          const now = deps.clock.now();
          if (access.stage === 'create') {
            const header = req.get('x-upload-token')?.trim();
            const token = header || access.metadata.uploadToken?.trim() || undefined;
            await authorizeSubmission(deps.db, req, access.metadata.submissionId, now, token);
            return;
          }
          if (!access.metadata) throw new AppError('not_found', CONSULTATION_UPLOAD_MESSAGES.uploadNotFound);
          await authorizeSubmission(deps.db, req, access.metadata.submissionId, now);
        },
        // The token proved the right to upload once; it is not kept with the upload's bytes.
        keptMetadata: ({ uploadToken: _token, ...kept }) => kept,
        finish: (upload, _req, logger) => finishConsultationUpload(deps, rules, upload, logger),
        findResult: async (uploadId, req) => {
          const found = await findFileWithSubmission(deps.db, uploadId);
          if (!found) return null;
          await authorizeSubmission(deps.db, req, found.submission.id, deps.clock.now());
          return { size: found.file.size, body: toResult(found.file) };
        },
      }),
    },
  });
}
