// Payments: create bodies, answers, the gateway's and the refund's messages.
export * from './payment.js';
export * from './transactions.js';
export * from './analytics.js';
export * from './staff.js';
