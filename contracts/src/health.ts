/** What `GET /api/health` tells a staff session about each projection and reactor (the back-office's Processors page). */
export interface ProcessorReport {
  name: string;
  kind: 'projection' | 'reactor';
  state: 'running' | 'catching_up' | 'failed' | 'paused' | 'standby';
  /** Whether the answering instance holds the processor's lock; another instance runs it otherwise. */
  runsHere: boolean;
  position: string;
  /** Counted up to a cap (a bounded read, never a COUNT over the log); `eventsBehindCapped` says there are more. */
  eventsBehind: number;
  eventsBehindCapped: boolean;
  /** Age of the oldest event it has not processed yet. */
  secondsBehind: number;
  failedAt?: { position: string | null; eventType: string | null; at: string; attempts: number };
  lastError?: string;
  deadLetters: number;
}

export interface OldestTransaction {
  seconds: number;
  applicationName?: string;
  state?: string;
}

/** The whole staff answer of `GET /api/health` (anyone else gets `{ status }` only). */
export interface StaffHealth {
  status: 'ok' | 'degraded' | 'error';
  uptimeSeconds: number;
  timestamp: string;
  processors: ProcessorReport[];
  database: { oldestTransaction: OldestTransaction };
}
