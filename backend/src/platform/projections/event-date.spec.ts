import { describe, expect, it } from '@jest/globals';
import { eventDate } from './event-date.js';

describe('eventDate', () => {
  it('reads an ISO timestamp as that instant', () => {
    expect(eventDate('2026-11-29T06:51:53.802Z', 'createdAt').toISOString()).toBe('2026-11-29T06:51:53.802Z');
  });

  it('refuses a missing or unreadable date by the field it was', () => {
    expect(() => eventDate(undefined, 'registeredAt')).toThrow('registeredAt is not a date: missing');
    expect(() => eventDate('yesterday', 'createdAt')).toThrow('createdAt is not a date: "yesterday"');
    expect(() => eventDate(1_700_000_000_000, 'at')).toThrow('at is not a date: 1700000000000');
    expect(() => eventDate(new Date(NaN), 'at')).toThrow('at is not a date');
  });
});
