import * as hdr from 'hdr-histogram-js';
import { EventStore } from '@tallyline/backend/platform/event-store/event-store.port';
import { ProcessorRunner } from '@tallyline/backend/platform/projections/processor-runner';
import { EVENTS_PER_LIFE, merchantLife } from './events.js';
import { seconds, type Bench } from './support.js';

const LAG_LIMIT_MS = 60_000;

export const lagHistogram = () => hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: LAG_LIMIT_MS * 1000, numberOfSignificantValueDigits: 3 });

export interface LagRun {
  /** Lag of every append (event commit → every projection has it), microseconds. */
  histogram: hdr.Histogram;
  /** [ms since the start when appended, lag in ms] per append, in append order. */
  samples: [number, number][];
  events: number;
  /** How long appends were being started (the rate's window; lags still running after it are waited for). */
  seconds: number;
  /** Merchant ids written, for readers to look up. */
  merchants: string[];
  /** Appends that failed (an overloaded pool gives up waiting for a connection), and the last error. */
  failed: number;
  lastError?: string;
}

/**
 * One merchant life (three appends), each append's lag measured as read-your-writes waits for it:
 * until every projection has processed it.
 */
async function life(bench: Bench, n: number, started: number, run: LagRun): Promise<void> {
  const store = bench.app.get(EventStore);
  const runner = bench.app.get(ProcessorRunner);
  for (const { streamId, events } of merchantLife(n)) {
    const { lastPosition } = await store.append(streamId, events, 'no_stream');
    const appended = performance.now();
    await runner.waitFor(lastPosition, LAG_LIMIT_MS);
    const lag = performance.now() - appended;
    run.histogram.recordValue(Math.max(1, Math.round(lag * 1000)));
    run.samples.push([appended - started, lag]);
    run.events += events.length;
    if (streamId.startsWith('merchant-')) run.merchants.push(streamId.slice('merchant-'.length));
  }
}

const countFailure = (run: LagRun) => (error: unknown) => {
  run.failed++;
  run.lastError = error instanceof Error ? error.message : String(error);
};

/**
 * Open loop: lives start on schedule at `rate(ms since start)` events per second, whether or not the
 * earlier ones are done, until `until` resolves; then the ones in flight finish.
 */
export async function writeAtRate(bench: Bench, until: Promise<unknown>, offset: number, rate: (elapsedMs: number) => number): Promise<LagRun> {
  const run: LagRun = { histogram: lagHistogram(), samples: [], events: 0, seconds: 0, merchants: [], failed: 0 };
  const inFlight = new Set<Promise<void>>();
  let done = false;
  const started = performance.now();
  void until.finally(() => {
    done = true;
    run.seconds = seconds(started);
  });
  let due = started;
  for (let n = 0; !done; n++) {
    // Open loop: a failed append is counted, the schedule goes on.
    const one = life(bench, offset + n, started, run).catch(countFailure(run));
    inFlight.add(one);
    void one.finally(() => inFlight.delete(one));
    due += (EVENTS_PER_LIFE * 1000) / rate(due - started);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  }
  await Promise.all(inFlight);
  return run;
}

/** Closed loop: `writers` lives at a time, each as soon as the last is done, for `duration` seconds. */
export async function writeFlatOut(bench: Bench, duration: number, writers: number, offset: number): Promise<LagRun> {
  const run: LagRun = { histogram: lagHistogram(), samples: [], events: 0, seconds: 0, merchants: [], failed: 0 };
  const started = performance.now();
  let n = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (seconds(started) < duration) {
        await life(bench, offset + n++, started, run).catch(countFailure(run));
      }
    }),
  );
  run.seconds = seconds(started);
  return run;
}
