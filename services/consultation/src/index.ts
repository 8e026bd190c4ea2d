export { consultationService } from './service.js';
export { consultationConfigSchema, type ConsultationConfig } from './config.js';
