export * from './types.js';
export * from './receive-multipart-files.js';
export * from './remove-received-files.js';
export * from './split-file-outcomes.js';
