export * from './types.js';
export * from './tables.js';
export * from './delivery-policy.js';
export * from './in-process-bus.js';
export * from './jetstream-bus.js';
export * from './outbox.js';
export * from './inbox.js';
export * from './subscriptions.js';
