import { beforeEach, describe, expect, it } from '@jest/globals';
import { CONSENT_STORAGE_KEY, clearConsent, parseConsent, saveConsent } from './consent-store';

describe('parseConsent', () => {
  it('reads a stored choice and forces essential on', () => {
    const raw = JSON.stringify({ essential: false, functional: true, analytics: false, marketing: true, decidedAt: '2026-01-01T00:00:00.000Z' });
    expect(parseConsent(raw)).toEqual({ essential: true, functional: true, analytics: false, marketing: true, decidedAt: '2026-01-01T00:00:00.000Z' });
  });

  it('treats missing, malformed or incomplete values as no choice', () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent('not json')).toBeNull();
    expect(parseConsent('"yes"')).toBeNull();
    expect(parseConsent(JSON.stringify({ functional: true, decidedAt: '2026-01-01' }))).toBeNull();
  });
});

describe('saveConsent', () => {
  beforeEach(() => localStorage.clear());

  it('stores the choice with its time, and clearConsent forgets it', () => {
    saveConsent({ functional: false, analytics: true, marketing: false }, new Date('2026-02-03T04:05:06.000Z'));
    expect(parseConsent(localStorage.getItem(CONSENT_STORAGE_KEY))).toEqual({
      essential: true,
      functional: false,
      analytics: true,
      marketing: false,
      decidedAt: '2026-02-03T04:05:06.000Z',
    });
    clearConsent();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBeNull();
  });
});
