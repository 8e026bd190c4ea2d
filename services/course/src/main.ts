import { runMain } from '@platform/service-kit';
import { courseService } from './service.js';

await runMain(courseService);
