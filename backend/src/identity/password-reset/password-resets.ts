import { createHash, randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../platform/config/app-config.js';
import { MailTransport, type MailMessage } from '../../platform/mail/mail-transport.js';

const LINK_VALID_MINUTES = 60;
/** Reset mails to one account an hour: the form is public, and the address is the account owner's inbox. */
export const MAX_RESET_MAILS_PER_HOUR = 3;

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

function resetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Choose a new Tallyline password',
    body: [
      'Someone (we hope you) asked to choose a new password for the Tallyline account of this e-mail address.',
      '',
      `Choose it here: ${link}`,
      '',
      `The link works once, within ${LINK_VALID_MINUTES} minutes. Changing the password signs the account out everywhere.`,
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
      '',
      'The Tallyline team',
    ].join('\n'),
  };
}

/**
 * "Forgot password": a one-time link by e-mail. Only its SHA-256 is stored, so the table does not
 * hold working links. The caller learns nothing about whether an account exists (same answer, and the
 * work for a known address is one insert and one mail in one transaction, no hashing of passwords).
 */
@Injectable()
export class PasswordResets {
  private readonly logger = new Logger('PasswordResets');

  constructor(
    private readonly db: DataSource,
    private readonly mail: MailTransport,
    private readonly config: AppConfig,
  ) {}

  async request(rawEmail: string, now: Date): Promise<void> {
    const email = rawEmail.trim().toLowerCase();
    await this.db.transaction(async (manager) => {
      // The role from the users read model: only the link's page depends on it (a staff account is never new).
      const [account] = await manager.query<{ user_id: string; role: string | null }[]>(
        'SELECT c.user_id, u.role FROM user_credentials c LEFT JOIN users u ON u.id = c.user_id WHERE c.email = $1',
        [email],
      );
      if (!account) return;
      // Serializes requests for one account, so the hourly count below cannot be raced past.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`password-reset:${account.user_id}`]);
      const [{ recent }] = await manager.query<[{ recent: number }]>(
        `SELECT count(*)::int AS recent FROM password_resets WHERE user_id = $1 AND created_at > $2::timestamptz - interval '1 hour'`,
        [account.user_id, now],
      );
      if (recent >= MAX_RESET_MAILS_PER_HOUR) {
        this.logger.warn(`Password reset for user ${account.user_id} not sent: ${MAX_RESET_MAILS_PER_HOUR} in the last hour already`);
        return;
      }
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashResetToken(token);
      await manager.query(
        `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $3::timestamptz + interval '${LINK_VALID_MINUTES} minutes')`,
        [tokenHash, account.user_id, now],
      );
      await manager.query(`DELETE FROM password_resets WHERE expires_at < $1::timestamptz - interval '1 day'`, [now]);
      // In the fragment: a browser never sends it, so no request log or Referer header carries the secret.
      // Staff sign in to the back-office, not the dashboard: the page sends them there once done.
      const page = account.role === 'staff' ? '/reset-password?account=staff' : '/reset-password';
      await this.mail.send(resetMail(email, `${this.config.publicUrl}${page}#token=${token}`), `password-reset:${tokenHash}`, manager);
    });
  }

  /** Marks the link used and names its account; undefined when it is unknown, used or expired. */
  async claim(token: string, now: Date): Promise<string | undefined> {
    // TypeORM answers an UPDATE … RETURNING as [rows, count].
    const [rows] = await this.db.query<[{ user_id: string }[], number]>(
      `UPDATE password_resets SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
      [hashResetToken(token), now],
    );
    return rows[0]?.user_id;
  }

  /** The password could not be changed after all (the database went away): the link works again. */
  async release(token: string): Promise<void> {
    await this.db.query('UPDATE password_resets SET used_at = NULL WHERE token_hash = $1', [hashResetToken(token)]);
  }
}
