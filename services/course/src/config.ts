import { DEFAULT_SERVICE_PORTS } from '@platform/contracts/services';
import { LESSON_VIDEO_MAX_BYTES } from '@platform/contracts';
import { envBoolean, publicBaseUrlSetting } from '@platform/service-kit/config';
import { serviceConfigSchema } from '@platform/service-kit/runtime';
import { z } from 'zod';

const HOUR = 60 * 60 * 1000;

export const courseConfigSchema = serviceConfigSchema('course', DEFAULT_SERVICE_PORTS.course, {
  COURSE_MAX_VIDEO_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(LESSON_VIDEO_MAX_BYTES)
    .describe(
      'the largest lesson video an upload (`/api/uploads`, `/api/upload-video`) may declare, in bytes',
    ),
  COURSE_UPLOAD_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(HOUR)
    .describe(
      'how often (service time; one replica at a time) unfinished uploads with no activity for 24 hours are removed',
    ),
  COURSE_NUDGE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(HOUR)
    .describe(
      'how often (service time; one replica at a time) learners are checked for newly unlocked sections and 7 days without activity',
    ),
  COURSE_QUESTIONS_PER_HOUR: z.coerce
    .number()
    .int()
    .positive()
    .default(10)
    .describe('lesson questions one member may ask per hour (past it: 429 with Retry-After)'),
  PUBLIC_BASE_URL: publicBaseUrlSetting(
    "the site's address as browsers see it: the verification link printed on certificates",
  ),
  // Only where the gateway reads this service's folder (docs/decisions.md, 52).
  MEDIA_URLS_FROM_GATEWAY: envBoolean
    .default(false)
    .describe(
      'with the local folder: lesson media answer a `302` to a signed `/api/media/…` address the gateway ' +
        'sends from that folder (`MEDIA_OBJECTS_DIR`); the embedded mode sets it',
    ),
});

export type CourseConfig = z.infer<typeof courseConfigSchema>;
