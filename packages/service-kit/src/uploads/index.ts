export * from './resumable-upload-store.js';
export * from './resumable-uploads.js';
export * from './expire-resumable-uploads.job.js';
