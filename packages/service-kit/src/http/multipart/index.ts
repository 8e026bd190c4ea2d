export * from './types.js';
export * from './receive-multipart-files.js';
export * from './remove-received-files.js';
export * from './split-file-outcomes.js';
export * from './files-refused-error.js';
export * from './receive-request-files.js';
