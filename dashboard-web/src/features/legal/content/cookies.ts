import type { LegalSection } from '../legal-types';
import { COMPANY } from './company';

export const COOKIE_SECTIONS: LegalSection[] = [
  {
    title: 'What cookies are',
    paragraphs: [
      'Cookies, and similar browser storage such as localStorage, are small pieces of data a website keeps in your browser. They let the site remember you between pages and visits.',
    ],
  },
  {
    title: 'How we ask for consent',
    paragraphs: [
      'On your first visit a banner lets you accept all cookies, reject the non-essential ones, or customise your choice by category. Essential cookies are always on because the site cannot work without them. We remember your choice in your browser and you can change it at any time with the cookie settings above.',
    ],
  },
  {
    title: 'Managing cookies in your browser',
    paragraphs: [
      'You can also block or delete cookies in your browser settings. Blocking essential cookies will stop you from signing in.',
    ],
  },
  {
    title: 'Contact us',
    paragraphs: [`Questions about cookies: ${COMPANY.privacyEmail}.`],
  },
];
