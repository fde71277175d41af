import { Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { gatewayIpnSchema, PAYMENT_MESSAGES, type GatewayIpn, type IpnProcessed } from '@tallyline/contracts';
import { EventSourcedCommands } from '../../platform/commands/event-sourced-commands.js';
import { AppConfig } from '../../platform/config/app-config.js';
import { DomainError } from '../../platform/domain-error.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { reachGateway, targetOf } from '../gateway/outcomes.js';
import { PaymentGateway, type CheckedTransaction } from '../gateway/payment-gateway.js';
import { GatewayCallQueries } from '../gateway-calls.queries.js';
import { existingPayment, paymentDecider } from '../payment.decider.js';
import { SettleGatewayCall } from '../settle-gateway-call/settle-gateway-call.command.js';
import { ProcessIpn } from './process-ipn.command.js';

@CommandHandler(ProcessIpn)
export class ProcessIpnHandler implements ICommandHandler<ProcessIpn> {
  private readonly logger = new Logger(ProcessIpnHandler.name);

  constructor(
    private readonly commandBus: CommandBus,
    private readonly commands: EventSourcedCommands,
    private readonly gateway: PaymentGateway,
    private readonly calls: GatewayCallQueries,
    private readonly config: AppConfig,
  ) {}

  async execute({ gatewayName, body, context }: ProcessIpn): Promise<IpnProcessed> {
    if (gatewayName !== this.config.gateway.name) throw new DomainError('not_found', PAYMENT_MESSAGES.unknownGateway);
    const parsed = gatewayIpnSchema.safeParse(body ?? {});
    if (!parsed.success) return this.refuse('malformed');
    const ipn = parsed.data;
    const call = await this.calls.byReference(ipn.References_Merchant);
    if (!call) return this.refuse(`unknown reference ${ipn.References_Merchant}`);
    const { created: payment } = existingPayment(await this.commands.stateOf(streamNames.payment(call.paymentId), paymentDecider));
    const target = targetOf(this.config, payment.environment);
    const checked = await reachGateway('CheckTransaction', () => this.gateway.checkTransaction(target, { transactionId: ipn.TransactionId }));
    if (!checked) return this.refuse(`unknown transaction ${ipn.TransactionId}`);
    // The gateway's record must say what the IPN says, and be about our call: its reference, its amount.
    const ours = { reference: call.reference, amountMinor: call.amountMinor === null ? payment.amountMinor : Number(call.amountMinor), currency: payment.currency };
    const mismatch = mismatchOf(ipn, checked, ours);
    if (mismatch) return this.refuse(`${mismatch} of transaction ${ipn.TransactionId} does not agree`);
    await this.commandBus.execute(new SettleGatewayCall(call, context, checked));
    return { message: PAYMENT_MESSAGES.ipnProcessed };
  }

  private refuse(why: string): never {
    this.logger.warn(`IPN refused: ${why}`);
    throw new DomainError('validation', PAYMENT_MESSAGES.invalidIpn);
  }
}

function mismatchOf(ipn: GatewayIpn, checked: CheckedTransaction, ours: { reference: string; amountMinor: number; currency: string }): string | undefined {
  const pairs: [string, unknown, unknown][] = [
    ['transaction id', ipn.TransactionId, checked.transactionId],
    ['reference', ipn.References_Merchant, checked.reference],
    ['reference', ours.reference, checked.reference],
    ['result code', ipn.Result_Code, checked.resultCode],
    ['amount', ipn.Transaction_Amount, checked.amountMinor],
    ['amount', ours.amountMinor, checked.amountMinor],
    ['currency', ipn.Transaction_Currency.toUpperCase(), checked.currency.toUpperCase()],
    ['currency', ours.currency, checked.currency.toUpperCase()],
  ];
  return pairs.find(([, a, b]) => a !== b)?.[0];
}
