export * from './database.js';
export * from './unique-violation.js';
