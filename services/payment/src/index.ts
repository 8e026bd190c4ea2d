export { paymentService } from './service.js';
export { paymentConfigSchema, type PaymentConfig } from './config.js';
