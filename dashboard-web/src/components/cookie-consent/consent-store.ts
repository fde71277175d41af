import { useSyncExternalStore } from 'react';

/** Where the visitor's cookie choice is remembered (this browser only; no server round trip). */
export const CONSENT_STORAGE_KEY = 'tallyline_cookie_consent';

const OPTIONAL_CATEGORIES = ['functional', 'analytics', 'marketing'] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];
export type ConsentChoice = Record<OptionalCategory, boolean>;

export interface CookieConsent extends ConsentChoice {
  /** Essential cookies cannot be refused: sign-in and this very choice depend on them. */
  essential: true;
  decidedAt: string;
}

export const ALL_ACCEPTED: ConsentChoice = { functional: true, analytics: true, marketing: true };
export const ESSENTIAL_ONLY: ConsentChoice = { functional: false, analytics: false, marketing: false };

/** A stored value we cannot read (hand-edited, older shape) counts as no choice, so the banner asks again. */
export function parseConsent(raw: string | null): CookieConsent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<string, unknown>>;
    if (typeof value !== 'object' || value === null || typeof value.decidedAt !== 'string') return null;
    if (!OPTIONAL_CATEGORIES.every((category) => typeof value[category] === 'boolean')) return null;
    return {
      essential: true,
      functional: value.functional as boolean,
      analytics: value.analytics as boolean,
      marketing: value.marketing as boolean,
      decidedAt: value.decidedAt };
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedConsent: CookieConsent | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Same raw string → same object, as useSyncExternalStore requires of snapshots. */
function snapshot(): CookieConsent | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedConsent = parseConsent(raw);
  }
  return cachedConsent;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab deciding hides this tab's banner too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function saveConsent(choice: ConsentChoice, now: Date = new Date()): CookieConsent {
  const consent: CookieConsent = { essential: true, ...choice, decidedAt: now.toISOString() };
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch {
    // Storage can be disabled (private mode); the choice then lasts for this page view only.
    cachedRaw = JSON.stringify(consent);
    cachedConsent = consent;
  }
  listeners.forEach((listener) => listener());
  return consent;
}

export function clearConsent() {
  try {
    window.localStorage.removeItem(CONSENT_STORAGE_KEY);
  } catch {
    // nothing stored, nothing to clear
  }
  cachedRaw = undefined;
  listeners.forEach((listener) => listener());
}

/** The current choice (null until the visitor decides), re-rendering whenever it changes. */
export function useCookieConsent(): CookieConsent | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
