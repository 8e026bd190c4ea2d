import { runMain } from '@platform/service-kit';
import { authService } from './service.js';

await runMain(authService);
