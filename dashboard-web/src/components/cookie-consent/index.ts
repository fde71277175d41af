export { CookieConsentBanner } from './CookieConsentBanner';
export { CookiePreferencesDialog } from './CookiePreferencesDialog';
export { COOKIE_CATEGORIES, type CookieCategory } from './categories';
export {
  CONSENT_STORAGE_KEY,
  clearConsent,
  saveConsent,
  useCookieConsent,
  type CookieConsent,
  type ConsentChoice,
} from './consent-store';
