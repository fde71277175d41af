import { ProcessorHealth } from '../health/index.js';
import { ProcessorRunner } from '../platform/projections/processor-runner.js';
import { withAppContext } from './app-context.js';
import { exitWithUsage, readArgs } from './args.js';

const HELP = `Shows the projections and reactors, and retries a failed one.

Usage: npm run processors -- list
       npm run processors -- retry <name>

list   each processor's state (running, catching_up, failed, paused, standby), checkpoint, events
       and seconds behind, last error and dead-lettered events.
retry  asks the app instance running <name> (through the database, so any instance hears it) to
       start again from its checkpoint: a failed projection tries its failing event again, and a
       reactor is handed its dead-lettered events again. Restarting the app retries too.`;

async function main(): Promise<void> {
  const { values, positionals } = readArgs(HELP, {});
  if (values.help) return void console.log(HELP);
  const [command, name, ...extra] = positionals;
  if (command !== 'list' && command !== 'retry') return exitWithUsage(HELP, command ? `Unknown command "${command}".` : undefined);
  if (command === 'retry' && !name) return exitWithUsage(HELP, 'Name the processor to retry.');
  if (extra.length > 0 || (command === 'list' && name)) return exitWithUsage(HELP, `Unexpected argument "${extra[0] ?? name}".`);
  await withAppContext(async (app) => {
    await app.init();
    if (command === 'retry' && name) {
      await app.get(ProcessorRunner).requestRetry(name);
      console.log(`Asked the instance running "${name}" to retry it. Follow it with: npm run processors -- list`);
      return;
    }
    const reports = await app.get(ProcessorHealth).processors();
    console.table(
      reports.map((r) => ({
        processor: r.name,
        kind: r.kind,
        state: r.state,
        position: r.position,
        behind: `${r.eventsBehind}${r.eventsBehindCapped ? '+' : ''} events, ${r.secondsBehind} s`,
        'dead letters': r.deadLetters,
        'last error': r.failedAt ? `at event ${r.failedAt.position} (${r.failedAt.eventType}): ${r.lastError}` : (r.lastError ?? ''),
      })),
    );
  });
}

main().catch((error: unknown) => {
  console.error(`processors: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
