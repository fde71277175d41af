import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { API_KEY_PREFIX, type ApiKey } from '@tallyline/contracts';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { generateApiKey, hashApiKey } from '../api-key-lookup.js';
import { merchantDecider } from '../merchant.decider.js';
import { MERCHANT_SCHEMA_VERSIONS } from '../merchant.events.js';
import { RotateApiKey } from './rotate-api-key.command.js';

/**
 * One step: append ApiKeyIssued/ApiKeyRotated (hash only) with the merchant stream's expected version.
 * Of rotations that read the same version exactly one appends; the others get 409 and their secrets are never stored
 * anywhere, so no retry: a retried rotation would silently revoke the winner's key.
 */
@CommandHandler(RotateApiKey)
export class RotateApiKeyHandler implements ICommandHandler<RotateApiKey> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ merchantId, environment, context }: RotateApiKey): Promise<ApiKey> {
    const secret = generateApiKey(environment);
    const last4 = secret.slice(-4);
    const command = { type: 'RotateApiKey' as const, keyId: randomUUID(), environment, prefix: API_KEY_PREFIX[environment], keyHash: hashApiKey(secret), last4, at: context.now };
    await this.commands.decideAndAppend(streamNames.merchant(merchantId), merchantDecider, command, context, { schemaVersions: MERCHANT_SCHEMA_VERSIONS });
    return { environment, key: secret, last4, createdAt: context.now.toISOString() };
  }
}
