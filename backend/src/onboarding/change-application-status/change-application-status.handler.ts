import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { applicationDecider } from '../application.decider.js';
import { ChangeApplicationStatus } from './change-application-status.command.js';

@CommandHandler(ChangeApplicationStatus)
export class ChangeApplicationStatusHandler implements ICommandHandler<ChangeApplicationStatus> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ applicationId, input, expectedVersion, context }: ChangeApplicationStatus): Promise<{ version: number }> {
    const stream = streamNames.application(applicationId);
    const command = { type: 'ChangeApplicationStatus' as const, to: input.status, reviewNotes: input.reviewNotes ?? null, at: context.now };
    // Without If-Match the decision is re-checked against the latest state once on a concurrent write.
    const { version } = await this.commands.decideAndAppend(stream, applicationDecider, command, context, {
      expectedVersion,
      retryOnConflict: expectedVersion === undefined,
    });
    return { version };
  }
}
