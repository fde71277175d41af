import type { EventSubscription, StoredEvent } from './event-store.port.js';

export interface WakeUpSource {
  readonly generation: number;
  ensureListening(): Promise<void>;
  next(timeoutMs: number, seen: number, signal?: AbortSignal): Promise<void>;
}

interface Options {
  after: bigint;
  batchSize: number;
  /**
   * `seen`: the wake-up generation the caller has accounted for (an empty answer is at least that
   * recent). `fresh`: ask the database, not what a shared reader kept: the subscription has had
   * nothing yet, or events were held back, which become readable without a wake-up.
   */
  read(after: bigint, limit: number, seen: number, fresh: boolean): Promise<StoredEvent[]>;
  hasUnsettled(after: bigint): Promise<boolean>;
  wakeUps: WakeUpSource;
}

/** Safety net only: wake-ups come from notifications, this bounds the wait if one is ever lost. */
const IDLE_RECHECK_MS = 5_000;
/**
 * Events committed but held back by an older running transaction become readable only when it ends,
 * which sends no wake-up if it appended nothing: recheck soon, then less often while it lasts, but at
 * least every 50 ms. Writers wait for their read models (read-your-writes), and when every one of them
 * is waiting nobody appends to wake us: a longer pause would be their latency (500 ms made creates
 * under load wait about that long for a few milliseconds' transaction).
 */
const UNSETTLED_RECHECK_MS = { first: 5, max: 50 };

/** Catch-up reads page by page, then sleeps until a wake-up and reads again. */
export function pollingSubscription(options: Options): EventSubscription {
  const abort = new AbortController();
  let position = options.after;
  let unsettledWait = UNSETTLED_RECHECK_MS.first;
  let first = true;
  let heldBack = false;

  async function* batches(): AsyncGenerator<StoredEvent[]> {
    while (!abort.signal.aborted) {
      await options.wakeUps.ensureListening();
      const seen = options.wakeUps.generation;
      const batch = await options.read(position, options.batchSize, seen, first || heldBack);
      if (abort.signal.aborted) return;
      const last = batch.at(-1);
      if (last) {
        position = last.globalPosition;
        first = false;
        heldBack = false;
        unsettledWait = UNSETTLED_RECHECK_MS.first;
        yield batch;
        continue;
      }
      heldBack = await options.hasUnsettled(position);
      if (heldBack) {
        await options.wakeUps.next(unsettledWait, seen, abort.signal);
        unsettledWait = Math.min(unsettledWait * 2, UNSETTLED_RECHECK_MS.max);
      } else {
        unsettledWait = UNSETTLED_RECHECK_MS.first;
        await options.wakeUps.next(IDLE_RECHECK_MS, seen, abort.signal);
      }
    }
  }

  const iterator = batches();
  return {
    [Symbol.asyncIterator]: () => iterator,
    async close() {
      abort.abort();
      await iterator.return(undefined);
    },
  };
}
