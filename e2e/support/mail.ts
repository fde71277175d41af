import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { RunningServer } from './server.js';

/**
 * The e-mails the app queued for an address, oldest first: in the embedded default they go to the
 * `mail_outbox` table of the server's own database, whose port its postmaster.pid gives (line 4).
 */
export async function mailsTo(server: RunningServer, to: string): Promise<{ subject: string; body: string }[]> {
  const port = (await readFile(join(server.dataDir, 'postgres/postmaster.pid'), 'utf8')).split('\n')[3];
  const client = new pg.Client({ connectionString: `postgres://tallyline:tallyline@127.0.0.1:${port}/tallyline` });
  await client.connect();
  try {
    return (await client.query<{ subject: string; body: string }>('SELECT subject, body FROM mail_outbox WHERE "to" = $1 ORDER BY id', [to])).rows;
  } finally {
    await client.end();
  }
}
