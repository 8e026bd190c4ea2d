import { runMain } from '@platform/service-kit/runtime';
import { revenueService } from './service.js';

await runMain(revenueService);
