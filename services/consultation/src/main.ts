import { runMain } from '@platform/service-kit/runtime';
import { consultationService } from './service.js';

await runMain(consultationService);
