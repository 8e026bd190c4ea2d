export * from './get-course-preview.js';
export * from './list-products.js';
export * from './get-product.js';
export * from './list-enrollments.js';
export * from './member-learning.js';
export * from './get-lesson-navigation.js';
export * from './video-links.js';
export * from './lesson-uploads.js';
