export * from './http.js';
export * from './identity.js';
export * from './merchants.js';
export * from './onboarding/index.js';
export * from './audit.js';
export * from './payments/payment-methods.js';
export * from './payments/client-api.js';
export * from './payments/index.js';
