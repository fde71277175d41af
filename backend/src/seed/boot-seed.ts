import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AccountDirectory, RegisterUser, StaffAccounts } from '../identity/index.js';
import { RegisterMerchant, SwitchEnvironment } from '../merchants/index.js';
import { CreatePayment, PaymentQueries, PayPayment, RefundPayment } from '../payments/index.js';
import { systemContext, type CommandContext } from '../platform/commands/command-context.js';
import { AppConfig } from '../platform/config/app-config.js';
import { DomainError } from '../platform/domain-error.js';
import { lifecycle } from '../platform/lifecycle.js';
import { DEMO_PAYMENT_COUNT, demoPayments } from './demo-payments.js';

export const DEMO = { email: 'demo@tallyline.test', password: 'demo-password-123', companyName: 'Demo Store' } as const;

/**
 * At boot: the staff account from STAFF_EMAIL/STAFF_PASSWORD, and on an empty database the demo
 * merchant (design.md §6), both through the real commands so they are ordinary events. Run after
 * `app.init()`, when command handlers are registered and projections run. A boot that stopped before
 * the demo was complete (Ctrl-C during the first start) is finished by the next one: every step is
 * refused when repeated, so running the plan again only adds what is missing.
 */
@Injectable()
export class BootSeed {
  private readonly logger = new Logger(BootSeed.name);
  /** Set when the demo merchant's sample payments are still to be made: they follow once the app listens. */
  private demoMerchantId: string | undefined;
  private plannedPayments = DEMO_PAYMENT_COUNT;

  constructor(
    private readonly config: AppConfig,
    private readonly commandBus: CommandBus,
    private readonly staff: StaffAccounts,
    private readonly accounts: AccountDirectory,
    private readonly payments: PaymentQueries,
  ) {}

  /** `plannedPayments`: the length of the demo's plan (tests use a short one, as the app boots with the full one). */
  async run(plannedPayments = DEMO_PAYMENT_COUNT): Promise<void> {
    this.plannedPayments = plannedPayments;
    this.demoMerchantId = undefined;
    if (this.config.staffEmail && this.config.staffPassword) await this.staff.ensure(this.config.staffEmail, this.config.staffPassword);
    if (!this.config.seedDemo) return;
    // Only ever on a database that had no accounts but the demo's: never in a deployment of its own.
    const demoUserId = await this.accounts.idOf(DEMO.email);
    if (!demoUserId && (await this.accounts.anyBesides(this.config.staffEmail))) return;
    if (demoUserId && (await this.demoComplete(demoUserId))) return;
    await this.seedDemo(demoUserId);
  }

  /** The plan's last payment is its last step (the plan is the same on every run). */
  private async demoComplete(merchantId: string): Promise<boolean> {
    const last = demoPayments(new Date(), this.plannedPayments).at(-1);
    return !last || (await this.payments.hasOrder(merchantId, 'staging', last.input.orderId));
  }

  private async seedDemo(existingUserId: string | undefined): Promise<void> {
    const context = systemContext('demo-seed');
    const userId =
      existingUserId ??
      (
        await this.commandBus.execute(
          new RegisterUser({ email: DEMO.email, password: DEMO.password, firstName: 'Demo', lastName: 'Merchant', role: 'merchant' }, context),
        )
      ).id;
    const registered = await this.commandBus.execute(
      new RegisterMerchant(userId, { companyName: DEMO.companyName, email: DEMO.email, website: 'https://demo.tallyline.test', businessType: 'E-commerce' }, context),
    ).then(
      () => true,
      (error: unknown) => {
        if (error instanceof DomainError && error.code === 'conflict') return false; // registered by the boot that stopped
        throw error;
      },
    );
    if (registered) await this.commandBus.execute(new SwitchEnvironment(userId, 'staging', context));
    this.demoMerchantId = userId;
    this.logger.log(existingUserId ? `Finishing the demo merchant ${DEMO.email}, whose seeding an earlier run stopped` : `Seeded the demo merchant ${DEMO.email}`);
  }

  /**
   * The demo merchant's sample history, through the real commands and the sandbox gateway, which
   * answers on our own port: run after listen. Each payment has its own Idempotency-Key and a repeat
   * of a step already taken is refused by the decider, so running it again changes nothing.
   */
  async seedDemoPayments(count = this.plannedPayments): Promise<number> {
    const merchantId = this.demoMerchantId;
    if (!merchantId) return 0;
    const plan = demoPayments(new Date(), count);
    for (const [index, demo] of plan.entries()) {
      if (lifecycle.stopping) {
        this.logger.log(`Demo payments: stopped after ${index} of ${plan.length} by the shutdown; the next start makes the rest`);
        return index;
      }
      const context = { ...systemContext('demo-seed', demo.at), backdated: true };
      const payment = await this.commandBus.execute(new CreatePayment(merchantId, 'staging', demo.input, demo.key, context));
      // Each step backdated as the payment is (the timeline reads as it would have happened): paid two
      // minutes after it was made, refunded a day later, or now if that day is still to come.
      const later = (ms: number) => ({ ...systemContext('demo-seed', new Date(Math.min(Date.now(), demo.at.getTime() + ms))), backdated: true });
      if (demo.card) await this.ignoringRepeats(this.pay(payment.paymentId, demo.card, later(2 * 60_000)));
      if (demo.refund !== 'none') {
        const amount = demo.refund === 'full' ? null : Math.floor(demo.input.amount / 3);
        await this.ignoringRepeats(this.commandBus.execute(new RefundPayment(merchantId, payment.paymentId, amount, later(86_400_000))));
      }
      if ((index + 1) % 50 === 0) this.logger.log(`Demo payments: ${index + 1} of ${plan.length}`);
    }
    this.logger.log(`Seeded ${plan.length} demo payments for ${DEMO.email}`);
    return plan.length;
  }

  private async pay(paymentId: string, cardNumber: string, context: CommandContext): Promise<void> {
    const expYear = new Date().getUTCFullYear() + 2;
    const res = await fetch(`${this.config.publicUrl}/api/sandbox-gateway/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cardNumber, expMonth: 12, expYear, cvc: '123' }),
    });
    if (!res.ok) throw new Error(`The sandbox refused a test card (${res.status})`);
    const { token } = (await res.json()) as { token: string };
    await this.commandBus.execute(new PayPayment(paymentId, token, context));
  }

  /** A step already taken on an earlier run (paid, refunded) is refused as a conflict: that is fine here. */
  private async ignoringRepeats(step: Promise<unknown>): Promise<void> {
    try {
      await step;
    } catch (error) {
      if (!(error instanceof DomainError) || !['illegal_state', 'conflict'].includes(error.code)) throw error;
    }
  }
}
