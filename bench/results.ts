import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as hdr from 'hdr-histogram-js';
import type pg from 'pg';

/**
 * `--quick` (or BENCH_QUICK=1): smaller sizes, a smoke test that the benchmark still runs end to end.
 * Its results go to their own directory so they never stand in for a full run's.
 */
export const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

/** A size from the environment, else the full or the quick default. */
export const sized = (name: string, full: number, quick: number) => Number(process.env[name] ?? (QUICK ? quick : full));

/** Where each benchmark writes its JSON result (gitignored with the rest of .data); `npm run bench` gathers them. */
export const RESULTS_DIR = process.env.RESULTS_DIR ?? (QUICK ? '.data/bench-results/quick' : '.data/bench-results');

/** Microseconds, 1 µs to 60 s, 3 significant digits. */
export const newHistogram = () => hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: 3 });

/** The percentiles a distribution is kept at (and plotted at): HdrHistogram's usual ladder. */
const PERCENTILES = [0, 10, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 99.99, 100];

/** One latency distribution as the points of its percentile curve, in milliseconds. */
export interface Distribution {
  count: number;
  points: { percentile: number; ms: number }[];
}

export function distribution(histogram: hdr.Histogram): Distribution {
  return {
    count: histogram.totalCount,
    points: PERCENTILES.map((percentile) => ({
      percentile,
      ms: Math.round((percentile === 100 ? histogram.maxValue : histogram.getValueAtPercentile(percentile)) / 10) / 100,
    })),
  };
}

/** PostgreSQL's version as the server states it, for the machine line of the results. */
export const serverVersion = async (pool: pg.Pool) => (await pool.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? 'unknown';

export interface Report {
  /** How the run was made: sizes, rates, durations, PostgreSQL's version (`postgres`). */
  conditions: Record<string, unknown>;
  /** The table: one object per row; `target`, `met` and ratios are ordinary columns. */
  rows: Record<string, unknown>[];
  /** Latency distributions to plot, by name (an HDR histogram in microseconds each). */
  histograms?: Record<string, hdr.Histogram>;
  /** What the reader should know about the figures: why a target is missed, what a check found. */
  notes?: string[];
}

/** Prints the table and writes the JSON result, distributions as percentile points. */
export async function report(name: string, { conditions, rows, histograms = {}, notes = [] }: Report): Promise<string> {
  const plain = rows.map((row) => Object.fromEntries(Object.entries(row).filter(([, value]) => !(value instanceof Object && 'recordValue' in value))));
  console.log();
  console.table(plain);
  for (const note of notes) console.log(`- ${note}`);
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}.json`);
  const distributions = Object.fromEntries(Object.entries(histograms).filter(([, h]) => h.totalCount > 0).map(([label, h]) => [label, distribution(h)]));
  const result = { benchmark: name, at: new Date().toISOString(), quick: QUICK, conditions, results: plain, distributions, notes };
  await writeFile(file, JSON.stringify(result, null, 2) + '\n');
  console.log(`Result written to ${file}`);
  return file;
}
