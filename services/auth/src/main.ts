import { runMain } from '@platform/service-kit/runtime';
import { authService } from './service.js';

await runMain(authService);
