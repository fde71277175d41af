// The onboarding feature's public API: everything outside onboarding/ imports from here only.
export { OnboardingModule } from './onboarding.module.js';
export { contactOf } from './application-record.js';
export { isApplicationEvent, type ApplicationSubmitted } from './application.events.js';
