export * from './password-rules.js';
export * from './email.js';
export * from './get-auth-user.js';
export * from './login.js';
export * from './signup.js';
export * from './forgot-password.js';
export * from './setup-password.js';
export * from './account.js';
