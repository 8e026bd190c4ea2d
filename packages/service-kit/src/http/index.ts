export * from './app.js';
export * from './client-address.js';
export * from './multipart/index.js';
export * from './request-context.js';
export * from './request-log.js';
export * from './server.js';
export * from './serve-object.js';
export * from './validate.js';
