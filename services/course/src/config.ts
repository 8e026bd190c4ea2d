import { LESSON_VIDEO_MAX_BYTES } from '@platform/contracts';
import { envBoolean, serviceConfigSchema } from '@platform/service-kit';
import { z } from 'zod';

const HOUR = 60 * 60 * 1000;

export const courseConfigSchema = serviceConfigSchema('course', {
  /** The largest lesson video an upload may declare, in bytes (tests lower it). */
  COURSE_MAX_VIDEO_BYTES: z.coerce.number().int().positive().default(LESSON_VIDEO_MAX_BYTES),
  /** How often unfinished resumable uploads are looked at and the expired ones removed. */
  COURSE_UPLOAD_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(HOUR),
  /**
   * With the local store: lesson media answer a 302 to a signed `/api/media/…` address the gateway serves
   * from the same folder (MEDIA_OBJECTS_DIR), instead of passing through here (docs/decisions.md, 52).
   * Only where the gateway reads this service's folder: the embedded mode sets it.
   */
  MEDIA_URLS_FROM_GATEWAY: envBoolean.default(false),
});

export type CourseConfig = z.infer<typeof courseConfigSchema>;
