/**
 * A lesson's adaptive streams and poster (docs/behaviour/member-learning.md#lesson-player), under the same
 * rule as the lesson itself: 401 for a visitor, 403 for a signed-in user without the course
 * (MEMBERSHIP_REQUIRED_MESSAGE) or while the lesson is locked (SECTION_LOCKED_MESSAGE), open lessons for
 * members, every lesson for the admin; 404 VIDEO_NOT_FOUND_MESSAGE for anything the lesson does not have.
 *
 * `GET /api/lessons/:id/hls/:set/master.m3u8` the master playlist (`hlsUrl` of the lesson view);
 * `GET /api/lessons/:id/hls/:set/:rendition/index.m3u8` a rendition's playlist, and
 * `GET /api/lessons/:id/hls/:set/:rendition/seg-NNNNN.ts` its segments: playlists always from the service
 *   (their addresses are relative), segments from the service on the local folder and as a 302 to a
 *   short-lived presigned address on S3;
 * `GET /api/lessons/:id/poster` the poster frame (`posterUrl`; JPEG), a 302 on S3 too.
 */
import { z } from 'zod';
import { ContentIdParamSchema } from './member-learning.js';

const SetIdSchema = z.uuid();
const RenditionSchema = z.string().regex(/^[1-9][0-9]{1,3}p$/);

/** `/api/lessons/:id/hls/:set/:file`: only the master playlist sits at the top of a set. */
export const LessonHlsMasterParamsSchema = z.object({
  id: ContentIdParamSchema,
  set: SetIdSchema,
  file: z.literal('master.m3u8'),
});

/** `/api/lessons/:id/hls/:set/:rendition/:file`: a rendition's playlist or one of its segments. */
export const LessonHlsRenditionParamsSchema = z.object({
  id: ContentIdParamSchema,
  set: SetIdSchema,
  rendition: RenditionSchema,
  file: z.string().regex(/^(index\.m3u8|seg-[0-9]{5,6}\.ts)$/),
});
