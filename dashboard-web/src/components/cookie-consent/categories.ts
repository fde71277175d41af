import type { OptionalCategory } from './consent-store';

export interface CookieCategory {
  id: 'essential' | OptionalCategory;
  name: string;
  description: string;
  /** How long these cookies live (core spec §9). */
  duration: string;
}

export const COOKIE_CATEGORIES: CookieCategory[] = [
  {
    id: 'essential',
    name: 'Essential',
    description: 'Keep you signed in and remember this cookie choice. The site cannot work without them.',
    duration: 'Authentication tokens: 7 days',
  },
  {
    id: 'functional',
    name: 'Functional',
    description: 'Remember preferences such as your dashboard environment and display settings.',
    duration: 'Preferences: 1 year',
  },
  {
    id: 'analytics',
    name: 'Analytics',
    description: 'Tell us which pages are used and where visitors get stuck, so we can improve Tallyline.',
    duration: 'Analytics: 24 months',
  },
  {
    id: 'marketing',
    name: 'Marketing',
    description: 'Measure whether our campaigns bring merchants to Tallyline and limit how often you see them.',
    duration: 'Marketing: 90 days',
  },
];
