/**
 * What `GET /api/health` answers a staff session (backend/src/health/processor-health.ts). Typed here,
 * not in the contracts, because the back-office is its only reader.
 */
export type ProcessorState = 'running' | 'catching_up' | 'failed' | 'paused' | 'standby';

export interface ProcessorReport {
  name: string;
  kind: 'projection' | 'reactor';
  state: ProcessorState;
  runsHere: boolean;
  position: string;
  eventsBehind: number;
  eventsBehindCapped: boolean;
  secondsBehind: number;
  failedAt?: { position: string | null; eventType: string | null; at: string; attempts: number };
  lastError?: string;
  deadLetters: number;
}

export interface StaffHealth {
  status: 'ok' | 'degraded' | 'error';
  timestamp: string;
  processors: ProcessorReport[];
  database: { oldestTransaction: { seconds: number; applicationName?: string; state?: string } };
}

/** A failed processor waits for an operator; a reactor with dead letters gets them handed again. */
export const canRetry = (processor: ProcessorReport) =>
  processor.state === 'failed' || (processor.kind === 'reactor' && processor.deadLetters > 0);
