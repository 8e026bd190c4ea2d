/** The nudges sweep as the kit's periodic job: at most one run per period across replicas. */
import { definePeriodicJob } from '@platform/service-kit/jobs';
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { CourseConfig } from '../config.js';
import { sendLearningNudges } from './send-learning-nudges.js';

export const LEARNING_NUDGES_JOB = 'learning-nudges';

export function learningNudgesJob(deps: ServiceDeps<CourseConfig>) {
  return definePeriodicJob({
    name: LEARNING_NUDGES_JOB,
    everyMs: deps.config.COURSE_NUDGE_INTERVAL_MS,
    run: async ({ logger }) => {
      const sweep = await sendLearningNudges(deps);
      if (sweep.unlocked + sweep.inactive > 0) logger.info(sweep, 'learning nudges announced');
      return sweep;
    },
  });
}
