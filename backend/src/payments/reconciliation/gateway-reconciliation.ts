import { Injectable, Logger, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyInstance } from 'fastify';
import { systemContext } from '../../platform/commands/command-context.js';
import { AppConfig } from '../../platform/config/app-config.js';
import { PeriodicPass } from '../../platform/periodic-pass.js';
import { GatewayCallQueries, type CallPosition } from '../gateway-calls.queries.js';
import { SettleGatewayCall } from '../settle-gateway-call/settle-gateway-call.command.js';

/** Calls looked at per pass: a pass stays bounded however many are due. */
const CALLS_PER_PASS = 100;
const PASS_INTERVAL_MS = 60_000;

export interface ReconciliationReport {
  /** Calls whose outcome was unknown and old enough to ask about. */
  due: number;
  /** Of those, now recorded (in either direction). */
  settled: number;
  /** Asking or recording failed; the next pass tries again. */
  failed: number;
}

/**
 * A crash between the gateway's answer and our event leaves a call (a payment attempt, a refund)
 * recorded without its outcome. Once the app listens, and every minute after, each call left so for
 * longer than GATEWAY_RECONCILE_AFTER_MS (so another instance's call in progress is left alone) is
 * settled through CheckTransaction by its reference: money the gateway took is recorded once, and an
 * attempt the gateway never saw is recorded as failed. Calls waiting for the payer's 3-D Secure are
 * asked about too (a lost return or IPN), in turn, with the room the unanswered ones leave.
 */
@Injectable()
export class GatewayReconciliation implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(GatewayReconciliation.name);
  private readonly passes = new PeriodicPass<ReconciliationReport>({
    name: 'Reconciliation',
    intervalMs: PASS_INTERVAL_MS,
    logger: this.logger,
    pass: () => this.pass(),
    onFailure: () => ({ due: 0, settled: 0, failed: 1 }),
  });
  /** Where the next pass goes on through the calls waiting for 3-D Secure (from the oldest when undefined). */
  private awaitingFrom: CallPosition | undefined;
  /** The pass started when the app began listening (undefined before): what a restart settled. */
  bootPass: Promise<ReconciliationReport> | undefined;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly calls: GatewayCallQueries,
    private readonly commandBus: CommandBus,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (!this.config.runProcessors) return;
    const start = () => {
      this.bootPass = this.passes.start();
    };
    // Without an HTTP server (an application context running processors, as the benchmarks do) the
    // gateway is served elsewhere: start now.
    const adapter = this.adapterHost.httpAdapter as HttpAdapterHost['httpAdapter'] | null | undefined;
    if (!adapter) return start();
    // The embedded sandbox gateway answers on our own port: asking it before we listen would fail.
    adapter.getInstance<FastifyInstance>().addHook('onListen', async () => start());
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.passes.stop();
  }

  /** One pass over the calls due; joins the pass already running instead of starting another. Never rejects. */
  run(): Promise<ReconciliationReport> {
    return this.passes.run();
  }

  private async pass(): Promise<ReconciliationReport> {
    const before = new Date(Date.now() - this.config.gateway.reconcileAfterMs);
    const unanswered = await this.calls.unanswered(before, CALLS_PER_PASS);
    const room = CALLS_PER_PASS - unanswered.length;
    // A challenge the payer abandoned stays unsettled for good: they are asked about in turn, after the
    // unanswered calls, so a pile of them never keeps the money a crash left unrecorded from being found.
    const waiting = room > 0 ? await this.calls.awaitingPayer(before, room, this.awaitingFrom) : [];
    if (room > 0) {
      const last = waiting.at(-1);
      this.awaitingFrom = waiting.length === room && last ? { startedAt: last.startedAt, callId: last.callId } : undefined;
    }
    const due = [...unanswered, ...waiting];
    const report = { due: due.length, settled: 0, failed: 0 };
    for (const call of due) {
      if (this.passes.stopping) break;
      try {
        if ((await this.commandBus.execute(new SettleGatewayCall(call, systemContext('gateway-reconciliation')))).settled) report.settled++;
      } catch (error) {
        report.failed++;
        this.logger.warn(`Reconciling ${call.kind} ${call.reference} of payment ${call.paymentId} failed: ${(error as Error).message}`);
      }
    }
    if (due.length) this.logger.log(`Reconciliation: ${report.due} gateway calls without an outcome, ${report.settled} settled, ${report.failed} failed`);
    return report;
  }
}
