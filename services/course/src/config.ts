import { LESSON_VIDEO_MAX_BYTES } from '@platform/contracts';
import { serviceConfigSchema } from '@platform/service-kit';
import { z } from 'zod';

const HOUR = 60 * 60 * 1000;

export const courseConfigSchema = serviceConfigSchema('course', {
  /** The largest lesson video an upload may declare, in bytes (tests lower it). */
  COURSE_MAX_VIDEO_BYTES: z.coerce.number().int().positive().default(LESSON_VIDEO_MAX_BYTES),
  /** How often unfinished resumable uploads are looked at and the expired ones removed. */
  COURSE_UPLOAD_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(HOUR),
});

export type CourseConfig = z.infer<typeof courseConfigSchema>;
