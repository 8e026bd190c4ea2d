import { runMain } from '@platform/service-kit';
import { revenueService } from './service.js';

await runMain(revenueService);
