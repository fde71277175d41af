/**
 * One app instance for the scale-out part of bench/replay-lag.ts: the app with every processor, on the
 * shared database; says `ready` once started, waits for `go` on stdin (so instances start writing
 * together), writes merchant lives flat out with WRITERS writers for SECONDS, each waiting for its
 * read models, and prints its figures as one JSON line.
 */
import { createInterface } from 'node:readline';
import * as hdr from 'hdr-histogram-js';
import { writeFlatOut } from './lag-writer.js';
import { openBench } from './support.js';

const SECONDS = Number(process.env.SECONDS ?? 15);
const WRITERS = Number(process.env.WRITERS ?? 8);
const OFFSET = Number(process.env.OFFSET ?? 0);

async function main(): Promise<void> {
  const bench = await openBench({ RUN_PROCESSORS: 'true' });
  try {
    const lines = createInterface({ input: process.stdin });
    const go = new Promise<void>((resolve) => lines.on('line', (line) => line.trim() === 'go' && resolve()));
    console.log('ready');
    await go;
    lines.close();
    const run = await writeFlatOut(bench, SECONDS, WRITERS, OFFSET);
    const ms = (p: number) => run.histogram.getValueAtPercentile(p) / 1000;
    console.log(JSON.stringify({ events: run.events, seconds: run.seconds, p50: ms(50), p99: ms(99), histogram: hdr.encodeIntoCompressedBase64(run.histogram) }));
  } finally {
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
