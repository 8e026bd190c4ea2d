export * from './share.js';
export * from './plan.js';
export * from './consent.js';
export * from './report.js';
export * from './admin.js';
export * from './documents.js';
export * from './terms.js';
export * from './reminders.js';
