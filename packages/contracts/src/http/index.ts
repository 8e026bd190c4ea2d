export * from './errors.js';
export * from './health.js';
export * from './identity.js';
export * from './course/index.js';
export * from './auth/index.js';
export * from './notification/index.js';
export * from './payment/index.js';
export * from './consultation/index.js';
