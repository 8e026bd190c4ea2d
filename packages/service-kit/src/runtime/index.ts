export * from './service.js';
export * from './main.js';
