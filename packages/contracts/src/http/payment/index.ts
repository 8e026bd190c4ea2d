export * from './billing.js';
export * from './checkout-session.js';
export * from './checkout-return.js';
export * from './paypal-order.js';
export * from './grant-course-access.js';
export * from './orders.js';
export * from './share-checkout.js';
export * from './my-purchases.js';
