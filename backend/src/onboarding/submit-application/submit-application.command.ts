import { Command } from '@nestjs/cqrs';
import type { SubmitApplicationResponse } from '@tallyline/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';
import type { SubmittedForm } from '../application.events.js';
import type { StagedDocument } from '../documents/document-store.js';

/** A validated application; its documents are staged and get stored only when it is recorded. */
export class SubmitApplication extends Command<SubmitApplicationResponse> {
  constructor(
    readonly form: SubmittedForm,
    readonly staged: StagedDocument[],
    readonly context: CommandContext,
  ) {
    super();
  }
}
