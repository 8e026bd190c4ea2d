/**
 * The admin's message with files (docs/decisions.md, 107): a multipart/form-data request with a `body`
 * field and up to CONSULTATION_MESSAGE_MAX_FILES `files` parts, each an image or a PDF judged from its
 * content, at most CONSULTATION_MESSAGE_FILE_MAX_BYTES. Received with the kit's multipart reader into the
 * same store and prefix as the submission's files. All or nothing: a refused file or a bad body removes
 * what was stored and answers 400 naming each refused file.
 */
import {
  CONSULTATION_MESSAGE_FILE_LABEL,
  CONSULTATION_MESSAGE_FILE_MAX_BYTES,
  CONSULTATION_MESSAGE_FILE_MESSAGES,
  CONSULTATION_MESSAGE_MAX_FILES,
  CONSULTATION_MESSAGE_MAX_LENGTH,
  PostConsultationMessageRequestSchema,
  UPLOAD_MESSAGES,
} from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { FilesRefusedError, receiveRequestFiles, type ReceivedFile } from '@platform/service-kit/http';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Request } from 'express';
import type { ConsultationConfig } from '../config.js';
import { OBJECT_KEY_PREFIX } from '../uploads/add-files.js';
import { judgeFile } from '../uploads/file-rules.js';

const MESSAGE_FILE_RULE = {
  maxBytes: CONSULTATION_MESSAGE_FILE_MAX_BYTES,
  label: CONSULTATION_MESSAGE_FILE_LABEL,
  accepted: {
    'image/jpeg': 'image/jpeg',
    'image/png': 'image/png',
    'image/webp': 'image/webp',
    'image/gif': 'image/gif',
    'application/pdf': 'application/pdf',
  } as Record<string, string>,
};
export type MessageFile = ReceivedFile<typeof MESSAGE_FILE_RULE>;

export interface ReceivedMessage {
  body: string;
  messageId?: string;
  files?: MessageFile[];
  /** Removes the stored objects (when the message could not be recorded after all). */
  discard?(): Promise<void>;
}

export async function receiveMessageWithFiles(
  deps: ServiceDeps<ConsultationConfig>,
  req: Request,
): Promise<ReceivedMessage> {
  const fields = new Map<string, string>();
  const upload = await receiveRequestFiles(deps, {
    req,
    fields,
    keyPrefix: OBJECT_KEY_PREFIX,
    maxFiles: CONSULTATION_MESSAGE_MAX_FILES,
    // UTF-8 takes at most 4 bytes a character: a body at the length limit is never cut.
    limits: { fieldSize: CONSULTATION_MESSAGE_MAX_LENGTH * 4 + 16 },
    ruleFor: ({ fieldName }) =>
      fieldName === 'files' ? MESSAGE_FILE_RULE : CONSULTATION_MESSAGE_FILE_MESSAGES.wrongField,
    judge: (head, part, rule) => judgeFile(head, part.fileName, rule),
    messages: {
      notMultipart: UPLOAD_MESSAGES.notMultipart,
      tooMany: CONSULTATION_MESSAGE_FILE_MESSAGES.tooMany,
      tooLarge: () => CONSULTATION_MESSAGE_FILE_MESSAGES.tooLarge,
    },
  });
  const { stored: files, rejected, logger, discard } = upload;
  if (rejected.length > 0) {
    await discard();
    logger.warn({ rejected: rejected.length }, 'consultation message files refused');
    throw new FilesRefusedError(CONSULTATION_MESSAGE_FILE_MESSAGES.notAttached, rejected);
  }
  const parsed = PostConsultationMessageRequestSchema.safeParse({
    body: fields.get('body') ?? '',
    messageId: fields.get('messageId') || undefined,
  });
  if (!parsed.success) {
    await discard();
    throw AppError.fromZod(parsed.error);
  }
  return { ...parsed.data, files, discard };
}
