import { SingleBar, Presets } from 'cli-progress';
import { EventStore } from '../platform/event-store/event-store.port.js';
import { ProcessorRunner } from '../platform/projections/processor-runner.js';
import { ProjectionRebuilder } from '../platform/projections/rebuild/projection-rebuilder.js';
import { withAppContext } from './app-context.js';
import { readArgs } from './args.js';

// Keep in step with README's "Replaying projections".
const HELP = `Rebuilds read models from the first event. Safe next to the running app.

Usage: npm run replay                        every projection
       npm run replay -- <projection> ...    only the named ones
       npm run replay -- --list              what can be rebuilt
       npm run replay -- --help

What happens to the running app:
- The projections are rebuilt together into shadow tables (schema rebuild_<projection>): chunks of
  5,000 events, each read once, folded in memory and written in short transactions.
- Meanwhile the app keeps serving the old tables and keeps projecting new events into them.
- Once caught up, one short transaction per projection holds its lock (the app's processor pauses
  between two batches), folds the last events, swaps in the new tables and sets the checkpoint. The
  app carries on from there: no event is lost or applied twice.
- Interrupted (Ctrl-C, kill, crash), a replay leaves the live tables untouched. Run it again: it
  first drops the shadow tables left behind.

A progress bar shows events/s and the ETA (off a terminal, a line every 5 s); a summary table
follows. Two replays of one projection cannot run at once.`;

async function main(): Promise<void> {
  const { values: flags, positionals: words } = readArgs(HELP, { list: { type: 'boolean' } });
  if (flags.help) return void console.log(HELP);
  await withAppContext(async (app) => {
    const { projections } = app.get(ProcessorRunner);
    if (flags.list) return void console.log(projections.map((p) => `${p.name}  (${p.tables.join(', ')})`).join('\n'));
    if (projections.length === 0) return void console.log('No projections are registered.');
    const store = app.get(EventStore);
    // A count over the whole log: fine for a one-off command, never on a request path.
    const total = (await (store as Partial<{ countEvents(): Promise<number> }>).countEvents?.()) ?? 0;
    const bar = new SingleBar(
      // Off a terminal (a log file, CI, a pipe) the bar is a line every 5 s: a long replay never looks hung.
      { format: 'replay |{bar}| {value}/{total} events | {speed} ev/s | ETA {eta_formatted} | {names}', hideCursor: true, etaBuffer: 20, noTTYOutput: true, notTTYSchedule: 5_000 },
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
