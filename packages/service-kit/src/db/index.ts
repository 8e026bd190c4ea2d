export * from './database.js';
export * from './unique-violation.js';
export * from './insert-files-once.js';
export * from './rows.js';
export * from './upsert-newer.js';
