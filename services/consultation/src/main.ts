import { runMain } from '@platform/service-kit';
import { consultationService } from './service.js';

await runMain(consultationService);
