import { Command } from '@nestjs/cqrs';
import type { IpnProcessed } from '@tallyline/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';

/**
 * The gateway notifies an outcome (IPN) at /api/webhooks/{gateway name}. The notification is verified
 * through the gateway's transaction check before anything is recorded; a forged or mismatching one
 * changes nothing and is refused.
 */
export class ProcessIpn extends Command<IpnProcessed> {
  constructor(
    readonly gatewayName: string,
    readonly body: unknown,
    readonly context: CommandContext,
  ) {
    super();
  }
}
