// What a page needs on every route, without zod: importing the package's index would ship every
// schema (and zod) to routes that validate nothing. Import it as '@tallyline/contracts/browser'.

export { AUTH_TOKEN_KEY } from './auth-token.js';

// The constants the sign-up, sign-in and application forms render. The forms load their zod schemas from
// the package's index only when they validate (dashboard-web's lib/form.ts lazyZodResolver).
export * from './auth-messages.js';
export * from './merchant-options.js';
export * from './onboarding/document-rules.js';
export * from './onboarding/messages.js';
export * from './onboarding/options.js';
