import type { ProcessorReport, StaffHealth } from '@tallyline/contracts';

// Tinted backgrounds with dark text, like the payment status chip: MUI's filled warning and info chips
// fall below 4.5:1 contrast with their white text.
const GREEN = { bgcolor: '#e8f5e9', color: '#1b5e20' };
const BLUE = { bgcolor: '#e3f2fd', color: '#0d47a1' };
const RED = { bgcolor: '#ffebee', color: '#b71c1c' };
const AMBER = { bgcolor: '#fff8e1', color: '#7a4f01' };
const GREY = { bgcolor: '#eceff1', color: '#37474f' };

export const STATE_TINTS: Record<ProcessorReport['state'], typeof GREEN> = { running: GREEN, catching_up: BLUE, failed: RED, paused: AMBER, standby: GREY };
export const STATUS_TINTS: Record<StaffHealth['status'], typeof GREEN> = { ok: GREEN, degraded: AMBER, error: RED };
