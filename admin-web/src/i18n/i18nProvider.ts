import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { en } from './en';

const messages: TranslationMessages = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    // react-admin's NotFound page puts its own full stop after this message, which already ends in one.
    message: { ...englishMessages.ra.message, not_found: englishMessages.ra.message.not_found.replace(/\.$/, '') },
  },
  ...en,
};

export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }]);
