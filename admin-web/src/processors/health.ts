import type { ProcessorReport } from '@tallyline/contracts';

/** A failed processor waits for an operator; a reactor with dead letters gets them handed again. */
export const canRetry = (processor: ProcessorReport) =>
  processor.state === 'failed' || (processor.kind === 'reactor' && processor.deadLetters > 0);
