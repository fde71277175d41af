import { Command } from '@nestjs/cqrs';
import type { RefundResult } from '@tallyline/contracts';
import type { CommandContext } from '../../platform/commands/command-context.js';

export interface RefundLabels {
  reason?: string | undefined;
  metadata?: Record<string, string> | undefined;
}

/**
 * A merchant refunds all (amountMinor null: what is left) or part of a completed payment. The request
 * is recorded before the gateway is asked; the answer comes once the refund's outcome is recorded.
 */
export class RefundPayment extends Command<RefundResult> {
  constructor(
    readonly merchantId: string,
    readonly paymentId: string,
    readonly amountMinor: number | null,
    readonly context: CommandContext,
    /** Given by a caller that names the refund before it is made (from an Idempotency-Key): if made already, it is answered, not made again; else drawn. */
    readonly refundId?: string,
    /** Labels kept with the request (the Stripe-compatible API's `reason` and `metadata`). */
    readonly labels: RefundLabels = {},
  ) {
    super();
  }
}
