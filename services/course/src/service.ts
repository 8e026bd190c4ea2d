import { defineService, migrationsFolderOf } from '@platform/service-kit/runtime';
import { publishCatalogue } from './catalogue/publish-catalogue.js';
import { seedCatalogue } from './catalogue/seed/seed-catalogue.js';
import { courseConfigSchema, type CourseConfig } from './config.js';
import { inboxEvents, jobs, outboxEvents, rateLimits } from './db/schema.js';
import { courseSubscriptions } from './events/subscriptions.js';
import { copyBundledMediaToStore } from './media/bundled-media.js';
import { courseMetrics } from './metrics.js';
import { learningNudgesJob } from './nudges/learning-nudges.job.js';
import { courseRoutes } from './routes.js';
import { lessonTranscodeQueue } from './transcoding/lesson-transcode.queue.js';
import { removeStaleRenditionsJob } from './transcoding/remove-stale-renditions.job.js';
import { expireLessonUploadsJob } from './uploads/expire-lesson-uploads.job.js';
import { coursePersonalData } from './account-data/personal-data.js';

export const courseService = defineService<CourseConfig>({
  name: 'course',
  configSchema: courseConfigSchema,
  migrationsFolder: migrationsFolderOf(import.meta.url),
  tables: { outbox: outboxEvents, inbox: inboxEvents, jobs, rateLimits },
  usesStorage: true,
  signedMediaUrls: (config) => config.MEDIA_URLS_FROM_GATEWAY,
  subscriptions: courseSubscriptions,
  routes: courseRoutes,
  personalData: coursePersonalData,
  jobs: (deps) => [
    expireLessonUploadsJob(deps),
    lessonTranscodeQueue(deps),
    removeStaleRenditionsJob(deps),
    learningNudgesJob(deps),
  ],
  metrics: courseMetrics,
  onStart: async (deps) => {
    await seedCatalogue(deps.db, deps.logger);
    await publishCatalogue(deps);
    if (!deps.store) throw new Error('the course service needs its object store');
    await copyBundledMediaToStore(deps.store, deps.logger);
  },
});
