import type { EventSubscription, StoredEvent } from './event-store.port.js';

export interface WakeUpSource {
  readonly generation: number;
  ensureListening(): Promise<void>;
  next(timeoutMs: number, seen: number, signal?: AbortSignal): Promise<void>;
}

interface Options {
  after: bigint;
  batchSize: number;
  read(after: bigint, limit: number): Promise<StoredEvent[]>;
  hasUnsettled(after: bigint): Promise<boolean>;
  wakeUps: WakeUpSource;
}

/** Safety net only: wake-ups come from notifications, this bounds the wait if one is ever lost. */
const IDLE_RECHECK_MS = 5_000;
const UNSETTLED_RECHECK_MS = 20;

/** Catch-up reads page by page, then sleeps until a wake-up and reads again. */
export function pollingSubscription(options: Options): EventSubscription {
  const abort = new AbortController();
  let position = options.after;

  async function* batches(): AsyncGenerator<StoredEvent[]> {
    while (!abort.signal.aborted) {
      await options.wakeUps.ensureListening();
      const seen = options.wakeUps.generation;
      const batch = await options.read(position, options.batchSize);
      if (abort.signal.aborted) return;
      if (batch.length > 0) {
        position = batch[batch.length - 1]!.globalPosition;
        yield batch;
        continue;
      }
      const unsettled = await options.hasUnsettled(position);
      await options.wakeUps.next(unsettled ? UNSETTLED_RECHECK_MS : IDLE_RECHECK_MS, seen, abort.signal);
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
