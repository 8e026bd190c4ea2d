export { revenueService } from './service.js';
export { revenueConfigSchema, type RevenueConfig } from './config.js';
