import { runMain } from '@platform/service-kit';
import { notificationService } from './service.js';

await runMain(notificationService);
