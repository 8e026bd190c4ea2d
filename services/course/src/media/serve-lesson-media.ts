/**
 * How the course's access-checked media leave the store (docs/decisions.md, 49 and 52): when the caller
 * allows a redirect and the store can presign, as a 302 to an address that lives PRESIGN_SECONDS (on S3 a
 * presigned S3 URL; on the local folder with MEDIA_URLS_FROM_GATEWAY a signed `/api/media/…` address the
 * gateway serves), so neither this service nor its database is asked for each range. Otherwise from the
 * local folder here, with ranges and validators. The access check is the route's, before this.
 */
import { VIDEO_NOT_FOUND_MESSAGE } from '@platform/contracts';
import { contentDisposition, serveObject } from '@platform/service-kit/http';
import type { ObjectInfo, ObjectStore } from '@platform/service-kit/storage';
import type { Request, Response } from 'express';

/** Long enough to start playing and seek for a while; the player asks again when it runs out. */
export const PRESIGN_SECONDS = 300;

export async function serveLessonMedia(
  req: Request,
  res: Response,
  { store, info }: { store: ObjectStore; info: ObjectInfo },
  options: {
    contentType: string;
    /** Whether a redirect may answer (not for files a `<track>` or a playlist must get from here). */
    redirect: boolean;
    disposition?: 'inline' | 'attachment';
    filename?: string;
  },
): Promise<void> {
  const { contentType, disposition = 'inline', filename } = options;
  if (options.redirect) {
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
