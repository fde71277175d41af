import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { RunningServer } from './server.js';

/** The server's embedded database: its port is line 4 of the postmaster.pid under its DATA_DIR. */
async function connect(server: RunningServer): Promise<pg.Client> {
  const port = (await readFile(join(server.dataDir, 'postgres/postmaster.pid'), 'utf8')).split('\n')[3];
  const client = new pg.Client({ connectionString: `postgres://tallyline:tallyline@127.0.0.1:${port}/tallyline` });
  await client.connect();
  return client;
}

/** Runs `work` on a connection to the server's own database, closed afterwards. */
export async function withDatabase<T>(server: RunningServer, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connect(server);
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Appends one event to a new stream as another process would (the CLI, a second instance): through the
 * store's own append_events, then the NOTIFY that wakes the app's processors. Answers its position.
 */
export async function appendEvent(server: RunningServer, streamId: string, event: { type: string; data: unknown }): Promise<string> {
  const metadata = { actor: { type: 'system', id: 'e2e' }, correlationId: randomUUID(), causationId: randomUUID(), schemaVersion: 1 };
  return withDatabase(server, async (client) => {
    // -2: the stream must not exist yet (the store's 'no_stream').
    const { rows } = await client.query<{ global_position: string }>('SELECT global_position FROM append_events($1, -2, $2::jsonb)', [
      streamId,
      JSON.stringify([{ ...event, metadata, eventId: randomUUID() }]),
    ]);
    await client.query("SELECT pg_notify('tallyline_events', 'e2e')");
    return rows[0]!.global_position;
  });
}
