/** Backups of a whole site: one archive of every service's schema and stored objects, and its restore. */
export * from './archive.js';
export * from './database-dump.js';
