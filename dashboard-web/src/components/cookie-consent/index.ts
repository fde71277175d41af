export { CookieConsentBanner } from './CookieConsentBanner';
export { CookiePreferencesDialog } from './CookiePreferencesDialog';
export { COOKIE_CATEGORIES } from './categories';
export { useCookieConsent } from './consent-store';
