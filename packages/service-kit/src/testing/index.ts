/** Helpers for tests that talk to real PostgreSQL, NATS, Redis and S3-compatible servers. */
export * from './postgres.js';
export * from './s3-server.js';
export * from './nats.js';
export * from './buses.js';
export * from './backings.js';
export * from './logs.js';
export * from './fuzz.js';
export * from './multipart.js';
export * from './redis.js';
export * from './system.js';
export * from './watched-process.js';
export * from './resumable-uploads.js';
export * from './stored-objects.js';
export * from './service-under-test.js';
export * from './migrations.js';
export * from './pdf-text.js';
export * from './suite.js';
