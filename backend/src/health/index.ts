// The health feature's public API: everything outside health/ imports from here only.
export { HealthModule } from './health.module.js';
export { ProcessorHealth } from './processor-health.js';
