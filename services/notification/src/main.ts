import { runMain } from '@platform/service-kit/runtime';
import { notificationService } from './service.js';

await runMain(notificationService);
