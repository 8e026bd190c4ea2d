export * from './get-course-preview.js';
export * from './list-products.js';
