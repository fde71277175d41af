import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { SubmitApplicationResponse } from '@tallyline/contracts';
import { Repository } from 'typeorm';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { applicationDecider } from '../application.decider.js';
import { DocumentStore } from '../documents/document-store.js';
import { ApplicationView } from '../read-models/application.entity.js';
import { newReference } from './reference.js';
import { SubmitApplication } from './submit-application.command.js';

@CommandHandler(SubmitApplication)
export class SubmitApplicationHandler implements ICommandHandler<SubmitApplication> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly documents: DocumentStore,
    @InjectRepository(ApplicationView) private readonly applications: Repository<ApplicationView>,
  ) {}

  async execute({ form, staged, context }: SubmitApplication): Promise<SubmitApplicationResponse> {
    const applicationId = randomUUID();
    const reference = await this.unusedReference();
    // Stored before the event so the event never names a missing file. Should the append fail, the
    // stored copies are harmless: content-addressed, referenced by nothing.
    try {
      for (const document of staged) await this.documents.commit(document);
      const command = { type: 'SubmitApplication' as const, applicationId, reference, at: context.now, ...form };
      await this.commands.decideAndAppend(streamNames.application(applicationId), applicationDecider, command, context);
    } catch (error) {
      await Promise.all(staged.map((document) => this.documents.discard(document)));
      throw error;
    }
    return { id: applicationId, reference, status: 'pending', createdAt: context.now.toISOString() };
  }

  /** References are for people, not keys: a clash is merely unlikely, so look before using one. */
  private async unusedReference(): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const reference = newReference();
      if (!(await this.applications.existsBy({ reference }))) return reference;
    }
    return newReference();
  }
}
