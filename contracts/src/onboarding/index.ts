// Merchant onboarding: the two application forms, their documents, the staff review, the messages.
export * from './application-forms.js';
export * from './documents.js';
export { isCalendarDate } from './field-rules.js';
export * from './messages.js';
export * from './options.js';
export * from './review.js';
export * from './samples.js';
export * from './stats.js';
