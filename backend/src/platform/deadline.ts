import { setMaxListeners } from 'node:events';

/**
 * A signal that aborts after `ms`, or as soon as `parent` does; `clear` when the work is over (it stops
 * the timer). Not `AbortSignal.any([parent, AbortSignal.timeout(ms)])`: on Node 20 a garbage collection
 * can take that timeout signal, which then never fires (under load, a request to a server that never
 * answered hung for good).
 */
export function deadline(ms: number, parent?: AbortSignal): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`No answer within ${ms} ms`, 'TimeoutError')), ms);
  const stop = () => controller.abort(parent?.reason);
  if (parent?.aborted) stop();
  else if (parent) {
    // One parent (the app stopping) is shared by every request in flight: many listeners, no leak.
    setMaxListeners(0, parent);
    parent.addEventListener('abort', stop, { once: true });
  }
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      parent?.removeEventListener('abort', stop);
    },
  };
}
