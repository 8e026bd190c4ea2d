// First: zod's settings for browsers must be in place before any schema below is built.
import './zod-in-browsers.js';
export * from './events/index.js';
export * from './http/index.js';
