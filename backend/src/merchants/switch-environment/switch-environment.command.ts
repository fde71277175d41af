import { Command } from '@nestjs/cqrs';
import type { Environment } from '@tallyline/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';

/** Without a target environment it toggles between production and staging. */
export class SwitchEnvironment extends Command<void> {
  constructor(
    readonly merchantId: string,
    readonly to: Environment | undefined,
    readonly context: CommandContext,
  ) {
    super();
  }
}
