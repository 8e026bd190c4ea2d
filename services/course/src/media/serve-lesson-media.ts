/**
 * How the course's access-checked media leave the store (docs/decisions.md, 49): from the local folder
 * here, with ranges and validators; on S3, when the caller asks for it, as a 302 to a presigned address that
 * lives PRESIGN_SECONDS, so the bytes never pass through Node. The access check is the route's, before this.
 */
import { VIDEO_NOT_FOUND_MESSAGE } from '@platform/contracts';
import { contentDisposition, serveObject, type ObjectInfo, type ObjectStore } from '@platform/service-kit';
import type { Request, Response } from 'express';

/** Long enough to start playing and seek for a while; the player asks again when it runs out. */
export const PRESIGN_SECONDS = 300;

export async function serveLessonMedia(
  req: Request,
  res: Response,
  { store, info }: { store: ObjectStore; info: ObjectInfo },
  options: {
    contentType: string;
    redirectOnS3: boolean;
    disposition?: 'inline' | 'attachment';
    filename?: string;
  },
): Promise<void> {
  const { contentType, disposition = 'inline', filename } = options;
  if (store.kind === 's3' && options.redirectOnS3) {
    const url = await store.presignGet(info.key, {
      expiresInSeconds: PRESIGN_SECONDS,
      contentType,
      contentDisposition: contentDisposition(disposition, filename),
    });
    if (url) {
      res.set('Cache-Control', 'private, no-store');
      res.redirect(302, url);
      return;
    }
  }
  await serveObject(req, res, {
    store,
    key: info.key,
    info,
    contentType,
    disposition,
    ...(filename && { filename }),
    cacheControl: 'private, no-cache',
    notFoundMessage: VIDEO_NOT_FOUND_MESSAGE,
  });
}
