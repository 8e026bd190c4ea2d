export { courseService } from './service.js';
export { courseConfigSchema, type CourseConfig } from './config.js';
