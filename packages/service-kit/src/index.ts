export * from './errors.js';
export * from './config.js';
export * from './clock.js';
export * from './logger.js';
export * from './identity.js';
export * from './http/index.js';
export * from './db/index.js';
export * from './runtime/index.js';
export * from './storage/index.js';
export * from './events/index.js';
export * from './jobs/index.js';
export * from './rate-limits/index.js';
export * from './uploads/index.js';
// The root entry is kept only while branches that still import it are merged (decisions, 73): the list
// of services it used to export now lives with the application.
export { DEFAULT_SERVICE_PORTS, SERVICE_NAMES, type ServiceName } from '@platform/contracts/services';
