import { Command } from '@nestjs/cqrs';
import type { ApiKey, Environment } from '@tallyline/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';

/** Issues the environment's secret key, or replaces it: the old one stops working at once. */
export class RotateApiKey extends Command<ApiKey> {
  constructor(
    readonly merchantId: string,
    readonly environment: Environment,
    readonly context: CommandContext,
  ) {
    super();
  }
}
