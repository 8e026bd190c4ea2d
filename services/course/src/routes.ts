/** The course service's HTTP routes (behind the gateway's internal token). */
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import { catalogueRoutes } from './catalogue/catalogue.router.js';
import { certificateRoutes } from './certificates/certificates.router.js';
import type { CourseConfig } from './config.js';
import { customerLearningRoutes } from './customers/customer-learning.router.js';
import { enrolmentRoutes } from './enrolments/enrolments.router.js';
import { learningRoutes } from './learning/learning.router.js';
import { learnerRoutes } from './learners/learners.router.js';
import { questionRoutes } from './questions/questions.router.js';
import { demoVideoRoutes } from './media/demo-video.router.js';
import { hlsStreamRoutes } from './media/hls-stream.router.js';
import { videoStreamRoutes } from './media/video-stream.router.js';
import { studioRoutes } from './studio/studio.router.js';
import { teamRoutes } from './team/team.router.js';
import { lessonUploadRoutes } from './uploads/lesson-uploads.router.js';

export function courseRoutes(router: Router, deps: ServiceDeps<CourseConfig>): void {
  catalogueRoutes(router, deps);
  certificateRoutes(router, deps);
  customerLearningRoutes(router, deps);
  demoVideoRoutes(router, deps);
  enrolmentRoutes(router, deps);
  hlsStreamRoutes(router, deps);
  learnerRoutes(router, deps);
  learningRoutes(router, deps);
  lessonUploadRoutes(router, deps);
  questionRoutes(router, deps);
  studioRoutes(router, deps);
  teamRoutes(router, deps);
  videoStreamRoutes(router, deps);
}
