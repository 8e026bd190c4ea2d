import { runMain } from '@platform/service-kit';
import { paymentService } from './service.js';

await runMain(paymentService);
