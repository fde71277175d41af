import { describe, expect, it } from '@jest/globals';
import { SingleFlight } from './single-flight.js';

/** A log of positions whose reads are counted. */
function log(positions: bigint[]) {
  const reads: bigint[] = [];
  const flight = new SingleFlight<bigint[]>();
  const readAfter = (after: bigint) =>
    flight.run(String(after), async () => {
      reads.push(after);
      return positions.filter((p) => p > after);
    });
  return { reads, readAfter, append: (position: bigint) => positions.push(position) };
}

describe('SingleFlight', () => {
  it('answers the callers asking the same question at once with one read', async () => {
    const { reads, readAfter } = log([1n, 2n]);
    const answers = await Promise.all([readAfter(0n), readAfter(0n), readAfter(1n)]);
    expect(answers).toEqual([[1n, 2n], [1n, 2n], [2n]]);
    expect(reads).toEqual([0n, 1n]);
  });

  it('asks again for a later caller: an event may have been appended since', async () => {
    const { reads, readAfter, append } = log([1n]);
    expect(await readAfter(1n)).toEqual([]);
    append(2n);
    expect(await readAfter(1n)).toEqual([2n]);
    expect(reads).toEqual([1n, 1n]);
  });

  it('shares a failure with those waiting on it, and asks again after', async () => {
    const flight = new SingleFlight<string>();
    let fail = true;
    const ask = () => flight.run('q', async () => (fail ? Promise.reject(new Error('connection lost')) : 'answer'));
    for (const answer of [ask(), ask()]) await expect(answer).rejects.toThrow('connection lost');
    fail = false;
    expect(await ask()).toBe('answer');
  });
});
