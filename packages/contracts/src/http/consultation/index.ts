export * from './business-email.js';
export * from './submit-consultation.js';
export * from './upload-files.js';
export * from './submissions.js';
export * from './lookup.js';
export * from './contact.js';
export * from './continue-later.js';
export * from './resumable-uploads.js';
