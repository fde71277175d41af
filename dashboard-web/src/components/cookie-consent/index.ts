// CookieConsentBanner is imported by SiteLayout from its own file: through this index it would bring the
// preferences dialog into every page's first download (the banner loads the dialog when asked).
export { CookiePreferencesDialog } from './CookiePreferencesDialog';
export { COOKIE_CATEGORIES } from './categories';
export { useCookieConsent } from './consent-store';
