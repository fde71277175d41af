import type { ProcessorReport, StaffHealth } from '@tallyline/contracts';
import { TINTS, type Tint } from '../shared/tints';

export const STATE_TINTS: Record<ProcessorReport['state'], Tint> = {
  running: TINTS.green,
  catching_up: TINTS.blue,
  failed: TINTS.red,
  paused: TINTS.amber,
  standby: TINTS.grey,
};
export const STATUS_TINTS: Record<StaffHealth['status'], Tint> = { ok: TINTS.green, degraded: TINTS.amber, error: TINTS.red };
