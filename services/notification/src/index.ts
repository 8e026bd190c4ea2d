export { notificationService } from './service.js';
export { notificationConfigSchema, type NotificationConfig } from './config.js';
