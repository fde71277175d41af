import { withDatabase } from './database.js';
import type { RunningServer } from './server.js';

/**
 * The e-mails the app queued for an address, oldest first: in the embedded default they go to the
 * `mail_outbox` table of the server's own database.
 */
export async function mailsTo(server: RunningServer, to: string): Promise<{ subject: string; body: string }[]> {
  return withDatabase(
    server,
    async (client) => (await client.query<{ subject: string; body: string }>('SELECT subject, body FROM mail_outbox WHERE "to" = $1 ORDER BY id', [to])).rows,
  );
}
