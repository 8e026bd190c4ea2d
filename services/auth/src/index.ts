export { authService } from './service.js';
export { authConfigSchema, TEST_PASSWORD_HASH_ENV, type AuthConfig } from './config.js';
// For `npm run bench`: the cost of one hash, measured through the service's own hasher.
export { createPasswordHasher, PRODUCTION_PASSWORD_COST } from './accounts/password-hash.js';
