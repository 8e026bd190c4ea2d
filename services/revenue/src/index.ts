export { revenueService } from './service.js';
export { revenueConfigSchema, type RevenueConfig } from './config.js';
export { CUSTOMER_STATUS_JOB, REMINDERS_JOB } from './jobs.js';
