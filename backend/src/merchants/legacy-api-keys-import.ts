import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { API_KEY_PREFIX, type Environment } from '@tallyline/contracts';
import { DataSource } from 'typeorm';
import { systemContext } from '../platform/commands/command-context.js';
import { EventSourcedCommands } from '../platform/commands/event-sourced-commands.js';
import { DomainError } from '../platform/domain-error.js';
import { streamNames } from '../platform/event-store/stream-names.js';
import { merchantDecider } from './merchant.decider.js';

interface LegacyKey {
  id: string;
  merchant_id: string;
  environment: Environment;
  key_hash: string;
  last4: string;
  created_at: Date;
}

/**
 * Databases from before keys were event-sourced hold their keys in `legacy_api_keys` (migration
 * 1700000000600). At boot each still-valid key is recorded as ApiKeyImported, then its row deleted, so
 * the key keeps working and a replay rebuilds it. Safe to repeat after a crash: the projection ignores
 * a key id it already has. A key of no merchant (a rotation that failed half-way) is dropped.
 */
@Injectable()
export class LegacyApiKeysImport implements OnApplicationBootstrap {
  private readonly logger = new Logger(LegacyApiKeysImport.name);

  constructor(
    private readonly db: DataSource,
    private readonly commands: EventSourcedCommands,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const rows = (await this.db.query<LegacyKey[]>(`SELECT id, merchant_id, environment, key_hash, last4, created_at FROM legacy_api_keys WHERE revoked_at IS NULL`));
    const context = { ...systemContext('legacy-import'), readYourWrites: false };
    for (const row of rows) {
      const command = { type: 'ImportApiKey' as const, keyId: row.id, environment: row.environment, prefix: API_KEY_PREFIX[row.environment], keyHash: row.key_hash, last4: row.last4, createdAt: row.created_at };
      try {
        await this.commands.decideAndAppend(streamNames.merchant(row.merchant_id), merchantDecider, command, context, { retryOnConflict: true });
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'not_found')) throw error;
        this.logger.warn(`Dropped API key ${row.id}: merchant ${row.merchant_id} does not exist`);
      }
      await this.db.query(`DELETE FROM legacy_api_keys WHERE id = $1`, [row.id]);
    }
    await this.db.query(`DELETE FROM legacy_api_keys`);
    if (rows.length) this.logger.log(`Recorded ${rows.length} API keys from before keys were event-sourced`);
  }
}
