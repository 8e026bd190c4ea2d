export * from './service.js';
export * from './main.js';
export * from './process-guard.js';
export * from './stop-services.js';
export * from './metrics.js';
export * from './tracing.js';
