/**
 * Answers a download of a stored consultation file (a submission's, or one on a thread message): images and
 * videos open inline, anything else downloads; the stored type is the one found in the content. Local
 * store: streamed here with ranges (video seeking); S3: a 302 to a short-lived presigned URL carrying the
 * same type and disposition. The caller has checked who may read it.
 */
import { CONSULTATION_FILE_NOT_FOUND_MESSAGE } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import { contentDisposition, serveObject, type Middleware } from '@platform/service-kit/http';
import type { ObjectStore } from '@platform/service-kit/storage';
import type { Request, Response } from 'express';

export const PRESIGN_SECONDS = 300;

/** Private, never cached by a shared cache, never sniffed. */
export const privateFileHeaders: Middleware = (_req, res, next) => {
  res.set({ 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' });
  next();
};

export interface StoredFile {
  objectKey: string;
  contentType: string;
  originalName: string;
}

export async function sendStoredFile(
  req: Request,
  res: Response,
  store: ObjectStore | undefined,
  file: StoredFile,
): Promise<void> {
  const inline = file.contentType.startsWith('image/') || file.contentType.startsWith('video/');
  if (!store) throw new AppError('unavailable', 'File storage is not available');
  if (store.kind === 's3') {
    const url = await store.presignGet(file.objectKey, {
      expiresInSeconds: PRESIGN_SECONDS,
      contentType: file.contentType,
      contentDisposition: contentDisposition(inline ? 'inline' : 'attachment', file.originalName),
    });
    if (url) {
      res.redirect(302, url);
      return;
    }
  }
  await serveObject(req, res, {
    store,
    key: file.objectKey,
    contentType: file.contentType,
    disposition: inline ? 'inline' : 'attachment',
    filename: file.originalName,
    cacheControl: 'private, no-cache',
    notFoundMessage: CONSULTATION_FILE_NOT_FOUND_MESSAGE,
  });
}
