import { expect } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ProcessorRunner } from '../../src/platform/projections/processor-runner.js';
import type { TestApp } from './app.js';

/**
 * Every projection has applied every event committed so far, or the test fails naming those that
 * have not. The last committed position, not the store's settled head: an event whose transaction
 * committed while an older one was still open is not settled yet, and waiting for the settled head
 * would return before it is applied. Up to 60 s: a loaded CI machine is slower than the app's 5 s wait.
 */
export async function caughtUp(t: TestApp): Promise<void> {
  const [row] = await t.app.get(DataSource).query<{ last: string | null }[]>('SELECT max(global_position)::text AS last FROM events');
  const last = BigInt(row?.last ?? 0);
  expect(await t.app.get(ProcessorRunner).waitForProjections(last, undefined, 60_000)).toEqual({ failed: [], timedOut: [] });
}

/** The webhook-outbox reactor has queued every event committed so far (up to 60 s, then fails). */
export async function outboxCaughtUp(t: TestApp): Promise<void> {
  const db = t.app.get(DataSource);
  const [head] = await db.query<{ last: string | null }[]>('SELECT max(global_position)::text AS last FROM events');
  for (let waited = 0; waited < 60_000; waited += 50) {
    const [row] = await db.query<{ position: string }[]>(`SELECT position::text FROM processor_checkpoints WHERE name = 'webhook-outbox'`);
    if (row && BigInt(row.position) >= BigInt(head?.last ?? 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('webhook-outbox did not reach the head of the log within 60 s');
}
