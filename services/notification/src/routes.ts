/** The notification service's HTTP routes (behind the gateway's internal token). */
import type { ServiceDeps } from '@platform/service-kit/runtime';
import type { Router } from 'express';
import type { NotificationConfig } from './config.js';
import { adminMailRoutes } from './messages/admin-mail.router.js';
import { preferencesRoutes } from './nudges/preferences.router.js';

export function notificationRoutes(router: Router, deps: ServiceDeps<NotificationConfig>): void {
  adminMailRoutes(router, deps);
  preferencesRoutes(router, deps);
}
