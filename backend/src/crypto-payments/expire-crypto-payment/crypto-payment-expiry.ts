import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Clock } from '../../platform/clock.js';
import { systemContext } from '../../platform/commands/command-context.js';
import { AppConfig } from '../../platform/config/app-config.js';
import { DomainError } from '../../platform/domain-error.js';
import { PeriodicPass } from '../../platform/periodic-pass.js';
import { CryptoPaymentQueries } from '../crypto-payments.queries.js';
import { ExpireCryptoPayment } from './expire-crypto-payment.command.js';

/** Payments looked at per pass, so a pass stays bounded however many are due. */
const PAYMENTS_PER_PASS = 100;
const PASS_INTERVAL_MS = 10_000;

export interface ExpiryReport {
  due: number;
  expired: number;
  /** Paid (or expired) since the read model said pending: the decider refused, nothing changed. */
  refused: number;
  failed: number;
}

/**
 * Appends CryptoPaymentExpired for pending payments past expiresAt. Driven by the read model, not by
 * timers per payment, so a restart loses nothing: the first pass runs at boot, then one every
 * PASS_INTERVAL_MS. The decider has the last word, so a payment paid meanwhile never expires, and
 * passes on several instances at once only repeat a no-op.
 */
@Injectable()
export class CryptoPaymentExpiry implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(CryptoPaymentExpiry.name);
  private readonly passes = new PeriodicPass<ExpiryReport>({
    name: 'Crypto payment expiry',
    intervalMs: PASS_INTERVAL_MS,
    logger: this.logger,
    pass: () => this.pass(),
    onFailure: () => ({ due: 0, expired: 0, refused: 0, failed: 1 }),
  });
  /** The pass started at boot (undefined when processors are off): what a restart expired. */
  bootPass: Promise<ExpiryReport> | undefined;

  constructor(
    private readonly queries: CryptoPaymentQueries,
    private readonly commandBus: CommandBus,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.runProcessors) this.bootPass = this.passes.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.passes.stop();
  }

  /** One pass over the payments due now; joins the pass already running. Never rejects. */
  run(): Promise<ExpiryReport> {
    return this.passes.run();
  }

  private async pass(): Promise<ExpiryReport> {
    const now = this.clock.now();
    const due = await this.queries.due(now, PAYMENTS_PER_PASS);
    const report = { due: due.length, expired: 0, refused: 0, failed: 0 };
    for (const paymentId of due) {
      if (this.passes.stopping) break;
      try {
        await this.commandBus.execute(new ExpireCryptoPayment(paymentId, systemContext('crypto-payment-expiry', now)));
        report.expired++;
      } catch (error) {
        if (error instanceof DomainError && error.code === 'illegal_state') report.refused++;
        else {
          report.failed++;
          this.logger.warn(`Expiring crypto payment ${paymentId} failed: ${(error as Error).message}`);
        }
      }
    }
    return report;
  }
}
