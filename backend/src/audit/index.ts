// The audit feature's public API: everything outside audit/ imports from here only.
export { AuditModule } from './audit.module.js';
