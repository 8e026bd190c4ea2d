import { runMain } from '@platform/service-kit/runtime';
import { paymentService } from './service.js';

await runMain(paymentService);
