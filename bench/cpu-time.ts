import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (user + system, every thread) that processes used, read from /proc: what a request costs
 * each process, which a rate hides on a shared, busy machine (the rate moves with steal time and with
 * whoever else runs; the CPU a request takes much less). Linux only; elsewhere it reports nothing.
 */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Names the group a process counts in (undefined: not counted). */
export type ProcessGroup = (pid: number, command: string) => string | undefined;

/** Ticks each counted process has used so far, by group and pid. */
type Snapshot = Map<string, Map<number, number>>;

export function cpuSnapshot(group: ProcessGroup): Snapshot {
  const snapshot: Snapshot = new Map();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return snapshot;
  }
  for (const name of pids) {
    const pid = Number(name);
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command may hold spaces and parentheses: the fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = `${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')}`;
      const key = group(pid, command);
      if (!key) continue;
      // utime and stime, the 14th and 15th fields of stat(5); the list starts at the 3rd.
      const ticks = Number(fields[11]) + Number(fields[12]);
      const pidsOfGroup = snapshot.get(key) ?? new Map<number, number>();
      pidsOfGroup.set(pid, ticks);
      snapshot.set(key, pidsOfGroup);
    } catch {
      // The process ended while we looked.
    }
  }
  return snapshot;
}

/**
 * Milliseconds of CPU each group used between the snapshots. A process that ended in between is left
 * out (its time went with it; a pooled connection outlives a run, so it is rarely one that worked).
 */
export function cpuSpent(before: Snapshot, after: Snapshot): Map<string, number> {
  const spent = new Map<string, number>();
  for (const [key, pids] of after) {
    let ticks = 0;
    for (const [pid, now] of pids) ticks += now - (before.get(key)?.get(pid) ?? 0);
    spent.set(key, (ticks * 1000) / TICKS_PER_SECOND);
  }
  return spent;
}
