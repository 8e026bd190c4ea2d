export * from './list-mail.js';
