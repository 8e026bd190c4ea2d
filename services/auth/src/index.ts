export { authService } from './service.js';
export { authConfigSchema, type AuthConfig } from './config.js';
