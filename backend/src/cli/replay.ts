import { SingleBar, Presets } from 'cli-progress';
import { EventStore } from '../platform/event-store/event-store.port.js';
import { ProcessorRunner } from '../platform/projections/processor-runner.js';
import { ProjectionRebuilder, type ReplaySummary } from '../platform/projections/rebuild/projection-rebuilder.js';
import { parseArgs, withAppContext } from './app-context.js';

const HELP = `Rebuilds read models from the first event.

Usage: npm run replay -- [projection ...]     (no names: every projection)
       npm run replay -- --list

The app must not be running projections at the same time (another process holding one is reported).`;

async function main(): Promise<void> {
  const { flags, words } = parseArgs(process.argv.slice(2));
  if (flags.help) return void console.log(HELP);
  await withAppContext(async (app) => {
    const runner = app.get(ProcessorRunner);
    if (flags.list) return void console.log(runner.projections.map((p) => `${p.name}  (${p.tables.join(', ')})`).join('\n'));
    const store = app.get(EventStore);
    const total = (await (store as Partial<{ countEvents(): Promise<number> }>).countEvents?.()) ?? 0;
    const bar = new SingleBar(
      { format: '{name} |{bar}| {value}/{total} events | {speed} ev/s | ETA {eta_formatted}', hideCursor: true, etaBuffer: 50 },
      Presets.shades_classic,
    );
    const started = new Map<string, number>();
    if (runner.projections.length === 0) return void console.log('No projections are registered.');
    const summaries: ReplaySummary[] = await app.get(ProjectionRebuilder).rebuild(words, (progress) => {
      if (!started.has(progress.name)) {
        if (started.size) bar.stop();
        started.set(progress.name, Date.now());
        bar.start(Math.max(total, progress.processed), 0, { name: progress.name.padEnd(24), speed: 0 });
      }
      const seconds = (Date.now() - started.get(progress.name)!) / 1000;
      bar.setTotal(Math.max(total, progress.processed));
      bar.update(progress.processed, { speed: seconds > 0 ? Math.round(progress.processed / seconds) : 0 });
    });
    if (started.size) bar.stop();
    console.log('\nReplay summary');
    console.table(
      summaries.map((s) => ({
        projection: s.name,
        events: s.events,
        seconds: (s.millis / 1000).toFixed(2),
        'events/s': s.millis ? Math.round((s.events * 1000) / s.millis) : s.events,
        rows: Object.entries(s.rows).map(([table, count]) => `${table}=${count}`).join(' '),
      })),
    );
  });
}

main().catch((error: unknown) => {
  console.error(`Replay failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
