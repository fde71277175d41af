import { describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { PeriodicPass } from './periodic-pass.js';

/** A pass whose end the test decides, counting how many were started. */
function controlled() {
  let started = 0;
  let finish: (outcome: 'ok' | Error) => void = () => undefined;
  const errors: string[] = [];
  const logger = { error: (message: string) => errors.push(message) } as unknown as Logger;
  const passes = new PeriodicPass<string>({
    name: 'Test',
    intervalMs: 60_000,
    logger,
    pass: () => {
      started++;
      return new Promise<string>((resolve, reject) => {
        finish = (outcome) => (outcome === 'ok' ? resolve(`pass ${started}`) : reject(outcome));
      });
    },
    onFailure: () => 'failed',
  });
  return { passes, errors, started: () => started, finish: (outcome: 'ok' | Error) => finish(outcome) };
}

describe('PeriodicPass', () => {
  it('joins the pass in progress instead of starting a second one', async () => {
    const { passes, started, finish } = controlled();
    const first = passes.run();
    const second = passes.run();
    finish('ok');
    expect(await Promise.all([first, second])).toEqual(['pass 1', 'pass 1']);
    expect(started()).toBe(1);
  });

  it('starts a new pass once the previous one ended', async () => {
    const { passes, started, finish } = controlled();
    const first = passes.run();
    finish('ok');
    await first;
    const second = passes.run();
    finish('ok');
    expect(await second).toBe('pass 2');
    expect(started()).toBe(2);
  });

  it('never rejects: a failed pass is logged and reported as a failure', async () => {
    const { passes, errors, finish } = controlled();
    const pass = passes.run();
    finish(new Error('connection lost'));
    expect(await pass).toBe('failed');
    expect(errors).toEqual(['Test pass failed: connection lost']);
  });

  it('stop waits for the pass in progress and tells it to end early', async () => {
    const { passes, finish } = controlled();
    const pass = passes.start();
    let stopped = false;
    const stopping = passes.stop().then(() => (stopped = true));
    expect(passes.stopping).toBe(true);
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish('ok');
    await stopping;
    expect(await pass).toBe('pass 1');
  });
});
