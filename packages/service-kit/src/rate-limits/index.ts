export * from './tables.js';
export * from './client-key.js';
export * from './rate-limit-store.js';
export * from './cleanup-job.js';
export * from './take-or-refuse.js';
