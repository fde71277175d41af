import { Command } from '@nestjs/cqrs';
import type { StatusChange } from '@tallyline/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';

/** A staff review decision; expectedVersion comes from If-Match. */
export class ChangeApplicationStatus extends Command<{ version: number }> {
  constructor(
    readonly applicationId: string,
    readonly input: StatusChange,
    readonly expectedVersion: number | undefined,
    readonly context: CommandContext,
  ) {
    super();
  }
}
