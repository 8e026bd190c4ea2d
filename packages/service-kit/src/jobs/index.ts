export * from './backoff.js';
export * from './tables.js';
export * from './define-job.js';
export * from './job-runner.js';
export * from './wake-ups.js';
export * from './retry-ladder.js';
