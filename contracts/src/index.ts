export * from './http.js';
export * from './identity.js';
export * from './merchants.js';
export * from './onboarding/index.js';
export * from './audit.js';
