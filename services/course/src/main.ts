import { runMain } from '@platform/service-kit/runtime';
import { courseService } from './service.js';

await runMain(courseService);
