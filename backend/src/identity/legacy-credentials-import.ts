import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { systemContext } from '../platform/commands/command-context.js';
import { EventSourcedCommands } from '../platform/commands/event-sourced-commands.js';
import { DomainError } from '../platform/domain-error.js';
import { streamNames } from '../platform/event-store/stream-names.js';
import { userDecider } from './user.decider.js';

/**
 * Databases from before hashes travelled in events keep credentials in `legacy_user_credentials`
 * (migration 1700000000600). At boot each row is recorded as CredentialsImported, then deleted, so the
 * account keeps signing in and a replay rebuilds it. Safe to repeat after a crash (an upsert by user).
 * Credentials without a UserRegistered are the half-made sign-ups of the old two-step registration:
 * they never gave a usable account, and dropping them frees their e-mail.
 */
@Injectable()
export class LegacyCredentialsImport implements OnApplicationBootstrap {
  private readonly logger = new Logger(LegacyCredentialsImport.name);

  constructor(
    private readonly db: DataSource,
    private readonly commands: EventSourcedCommands,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const rows = (await this.db.query<{ user_id: string; password_hash: string }[]>(`SELECT user_id, password_hash FROM legacy_user_credentials`));
    const context = { ...systemContext('legacy-import'), readYourWrites: false };
    for (const row of rows) {
      const command = { type: 'ImportCredentials' as const, passwordHash: row.password_hash, at: context.now };
      try {
        await this.commands.decideAndAppend(streamNames.user(row.user_id), userDecider, command, context, { retryOnConflict: true });
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'not_found')) throw error;
        this.logger.warn(`Dropped the credentials of user ${row.user_id}, whose sign-up never completed`);
      }
      await this.db.query(`DELETE FROM legacy_user_credentials WHERE user_id = $1`, [row.user_id]);
    }
    if (rows.length) this.logger.log(`Recorded the credentials of ${rows.length} accounts from before hashes travelled in events`);
  }
}
