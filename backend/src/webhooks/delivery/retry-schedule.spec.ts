import { describe, expect, it } from '@jest/globals';
import { nextAttemptAfter } from './retry-schedule.js';

const now = new Date('2026-05-01T00:00:00Z');
const waitAfter = (attempts: number, random: number) => (nextAttemptAfter(attempts, now, () => random)?.getTime() ?? NaN) - now.getTime();

describe('retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after attempts 1 to 7', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => waitAfter(n, 0.5))).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
  });
  it('jitters each wait by up to 10% either way', () => {
    expect(waitAfter(1, 0)).toBe(4_500);
    expect(waitAfter(1, 1)).toBe(5_500);
  });
  it('gives up after the 8th attempt', () => {
    expect(nextAttemptAfter(8, now)).toBeUndefined();
  });
});
