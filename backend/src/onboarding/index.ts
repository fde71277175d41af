// The onboarding feature's public API: everything outside onboarding/ imports from here only.
export { OnboardingModule } from './onboarding.module.js';
