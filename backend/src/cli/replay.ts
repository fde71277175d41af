import { SingleBar, Presets } from 'cli-progress';
import { EventStore } from '../platform/event-store/event-store.port.js';
import { ProcessorRunner } from '../platform/projections/processor-runner.js';
import { ProjectionRebuilder } from '../platform/projections/rebuild/projection-rebuilder.js';
import { parseArgs, withAppContext } from './app-context.js';

// Keep in step with README's "Replaying projections".
const HELP = `Rebuilds read models from the first event, next to the running app.

Usage: npm run replay                        every projection
       npm run replay -- <projection> ...    only the named ones
       npm run replay -- --list              what can be rebuilt

The projections are refolded together into shadow tables (schema rebuild_<projection>), committed
every 5,000 events. Meanwhile the running app keeps serving the old tables and keeps projecting new
events. Once the replay has caught up, one short transaction per projection pauses that projection
in the app (between two batches), folds the last events, swaps in the new tables and sets the
checkpoint; the app then carries on from there. Nothing committed during the replay is lost or
applied twice. Interrupted (Ctrl-C, kill), a replay leaves the live tables untouched: run it again,
it drops the leftover shadow tables first.`;

async function main(): Promise<void> {
  const { flags, words } = parseArgs(process.argv.slice(2));
  if (flags.help) return void console.log(HELP);
  await withAppContext(async (app) => {
    const { projections } = app.get(ProcessorRunner);
    if (flags.list) return void console.log(projections.map((p) => `${p.name}  (${p.tables.join(', ')})`).join('\n'));
    if (projections.length === 0) return void console.log('No projections are registered.');
    const store = app.get(EventStore);
    // A count over the whole log: fine for a one-off command, never on a request path.
    const total = (await (store as Partial<{ countEvents(): Promise<number> }>).countEvents?.()) ?? 0;
    const bar = new SingleBar(
      { format: 'replay |{bar}| {value}/{total} events | {speed} ev/s | ETA {eta_formatted} | {names}', hideCursor: true, etaBuffer: 20 },
      Presets.shades_classic,
    );
    const started = Date.now();
    bar.start(total, 0, { speed: 0, names: (words.length ? words : projections.map((p) => p.name)).join(', ') });
    const summaries = await app.get(ProjectionRebuilder).rebuild(words, {
      onProgress: ({ processed }) => {
        const seconds = (Date.now() - started) / 1000;
        bar.setTotal(Math.max(total, processed));
        bar.update(processed, { speed: seconds > 0 ? Math.round(processed / seconds) : 0 });
      },
    });
    bar.stop();
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
