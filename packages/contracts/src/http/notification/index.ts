export * from './list-mail.js';
export * from './preferences.js';
