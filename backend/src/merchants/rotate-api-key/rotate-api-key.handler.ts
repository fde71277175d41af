import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { ApiKey } from '@tallyline/contracts';
import { IsNull, Not, Repository } from 'typeorm';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { generateApiKey, hashApiKey } from '../api-key-lookup.js';
import { merchantDecider } from '../merchant.decider.js';
import { ApiKeyRecord } from '../read-models/merchant.entity.js';
import { RotateApiKey } from './rotate-api-key.command.js';

@CommandHandler(RotateApiKey)
export class RotateApiKeyHandler implements ICommandHandler<RotateApiKey> {
  constructor(
    private readonly commands: EventSourcedCommands,
    @InjectRepository(ApiKeyRecord) private readonly keys: Repository<ApiKeyRecord>,
  ) {}

  async execute({ merchantId, environment, context }: RotateApiKey): Promise<ApiKey> {
    const secret = generateApiKey(environment);
    const keyId = randomUUID();
    const last4 = secret.slice(-4);
    const record = { id: keyId, merchantId, environment, keyHash: hashApiKey(secret), last4, createdAt: context.now, revokedAt: null };
    await this.keys.insert(record);
    try {
      const command = { type: 'IssueApiKey' as const, keyId, environment, last4, at: context.now };
      await this.commands.handle(streamNames.merchant(merchantId), merchantDecider, command, context, { retryOnConflict: true });
    } catch (error) {
      await this.keys.delete({ id: keyId });
      throw error;
    }
    await this.keys.update({ merchantId, environment, revokedAt: IsNull(), id: Not(keyId) }, { revokedAt: context.now });
    return { environment, key: secret, last4, createdAt: context.now.toISOString() };
  }
}
