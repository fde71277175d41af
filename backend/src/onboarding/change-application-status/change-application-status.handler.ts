import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ONBOARDING_MESSAGES } from '@tallyline/contracts';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { DomainError } from '../../platform/domain-error.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { applicationDecider } from '../application.decider.js';
import { ChangeApplicationStatus } from './change-status.command.js';

@CommandHandler(ChangeApplicationStatus)
export class ChangeApplicationStatusHandler implements ICommandHandler<ChangeApplicationStatus> {
  constructor(private readonly commands: EventSourcedCommands) {}

  async execute({ applicationId, input, expectedVersion, context }: ChangeApplicationStatus): Promise<{ version: number }> {
    const stream = streamNames.application(applicationId);
    if (expectedVersion !== undefined) {
      // An unknown application is a 404 even when the caller sends a version.
      const { state } = await this.commands.load(stream, applicationDecider);
      if (state.status === 'none') throw new DomainError('not_found', ONBOARDING_MESSAGES.notFound);
    }
    const command = { type: 'ChangeStatus' as const, to: input.status, reviewNotes: input.reviewNotes?.trim() ?? null, at: context.now };
    // Without If-Match the decision is re-checked against the latest state once on a concurrent write.
    const { version } = await this.commands.handle(stream, applicationDecider, command, context, {
      expectedVersion,
      retryOnConflict: expectedVersion === undefined,
    });
    return { version };
  }
}
