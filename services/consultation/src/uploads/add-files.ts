/**
 * Stores the files of one upload request for a submission (step 2, or /additional-upload) and records
 * them. 200 with what was kept and what was refused; 400 when nothing was kept.
 */
import {
  ADDITIONAL_FILE_FIELDS,
  ConsultationFileKindSchema,
  MAX_FILES_PER_REQUEST,
  UPLOAD_MESSAGES,
  type AdditionalFileField,
  type UploadFilesResponse,
} from '@platform/contracts';
import { isForeignKeyViolation } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import { receiveRequestFiles, refuseEmptyUpload, type FilePartInfo } from '@platform/service-kit/http';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Request } from 'express';
import type { ConsultationConfig } from '../config.js';
import { newId } from '../lib/tokens.js';
import { insertFiles } from '../submissions/submissions.repository.js';
import type { SubmissionRow } from '../submissions/submissions.repository.js';
import { filePath } from '../submissions/to-views.js';
import { judgeFile, type FileRule, type FileRules } from './file-rules.js';

/** Each file is stored under this prefix and a random name, unrelated to the submission or its own name. */
export const OBJECT_KEY_PREFIX = 'consultation-files';

export type UploadMode = 'upload' | 'additional';

export async function addFiles(
  deps: ServiceDeps<ConsultationConfig>,
  rules: FileRules,
  req: Request,
  submission: SubmissionRow,
  mode: UploadMode,
): Promise<UploadFilesResponse> {
  const upload = await receiveRequestFiles(deps, {
    req,
    keyPrefix: OBJECT_KEY_PREFIX,
    maxFiles: MAX_FILES_PER_REQUEST,
    ruleFor: mode === 'upload' ? uploadRule(rules) : additionalRule(rules),
    judge: (head, part, rule) => judgeFile(head, part.fileName, rule),
    messages: {
      notMultipart: UPLOAD_MESSAGES.notMultipart,
      tooMany: UPLOAD_MESSAGES.tooMany,
      tooLarge: UPLOAD_MESSAGES.tooLarge,
    },
  });
  const { stored, rejected, logger } = upload;
  refuseEmptyUpload(upload, UPLOAD_MESSAGES);

  const now = deps.clock.now();
  // Ids in the order sent; a millisecond apart so listings keep that order.
  const rows = stored.map((file, index) => ({
    id: newId(),
    submissionId: submission.id,
    kind: file.rule.kind,
    objectKey: file.objectKey,
    originalName: file.originalName,
    contentType: file.contentType,
    size: file.size,
    clientFileId: file.clientId,
    createdAt: new Date(now.getTime() + index),
  }));
  // Nothing of the files is kept when they cannot be recorded; a request erased while they arrived (its
  // owner's account deleted after the rights were checked) is a 404, as for a resumable upload.
  const { recorded, duplicates } = await upload.recordOrDiscard(() =>
    deps.db
      .transaction((tx) => insertFiles(tx, submission.id, rows))
      .catch((error: unknown) => {
        if (isForeignKeyViolation(error)) throw new AppError('not_found', UPLOAD_MESSAGES.notFound);
        throw error;
      }),
  );
  // Sent again after a lost answer: the file recorded the first time stands, this copy goes.
  await upload.discardObjects(duplicates.map((row) => row.objectKey));
  logger.info(
    {
      submissionId: submission.id,
      mode,
      stored: rows.length - duplicates.length,
      again: duplicates.length,
      rejected: rejected.length,
    },
    'consultation files uploaded',
  );
  return { success: true, files: recorded.map((row) => filePath(row.id)), rejected };
}

/** Step 2: `files` parts, each of the kind named by the last `fileType` field before it. */
function uploadRule(rules: FileRules) {
  return ({ fieldName }: FilePartInfo, fields: ReadonlyMap<string, string>): FileRule | string => {
    if (fieldName !== 'files') return `Unexpected file field "${fieldName}": send files as "files"`;
    const kind = ConsultationFileKindSchema.safeParse(fields.get('fileType'));
    return kind.success ? rules.forKind(kind.data) : UPLOAD_MESSAGES.missingKind;
  };
}

/** /additional-upload: the field name is the kind. */
function additionalRule(rules: FileRules) {
  return ({ fieldName }: FilePartInfo): FileRule | string =>
    (ADDITIONAL_FILE_FIELDS as readonly string[]).includes(fieldName)
      ? rules.forAdditionalField(fieldName as AdditionalFileField)
      : `Unexpected file field "${fieldName}": use images, videos or documents`;
}
