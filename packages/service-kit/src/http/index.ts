export * from './app.js';
export * from './server.js';
export * from './serve-object.js';
