import { Controller, Get, HttpStatus, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { healthDownSchema, healthSchema } from '@tallyline/contracts';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { OptionalSession, Public } from '../platform/auth/auth.decorators.js';
import type { AuthenticatedRequest } from '../platform/auth/authenticated-request.js';
import { ApiZodResponse } from '../platform/http/zod-validation.js';
import { MailTransport } from '../platform/mail/mail-transport.js';
import { ProcessorRunner } from '../platform/projections/processor-runner.js';
import { ProcessorHealth } from './processor-health.js';

interface Check {
  status: 'ok' | 'error';
  responseTime: number;
  [detail: string]: unknown;
}

/**
 * A probe answers within this, database or not: a database that stopped answering (a frozen server, a full
 * disk, no pool connection free) must read as down to a load balancer, not leave its probe hanging.
 */
const PROBE_TIMEOUT_MS = 3_000;

function withinProbeTime<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer from the ${what} within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

async function timed(what: string, check: () => Promise<Record<string, unknown>>): Promise<Check> {
  const started = performance.now();
  try {
    const details = await withinProbeTime(check(), what);
    return { status: 'ok', responseTime: Math.round(performance.now() - started), ...details };
  } catch (error) {
    return { status: 'error', responseTime: Math.round(performance.now() - started), error: (error as Error).message };
  }
}

@ApiTags('health')
@Controller('health')
@Public()
export class HealthController {
  private readonly startedAt = Date.now();

  constructor(
    private readonly dataSource: DataSource,
    private readonly mail: MailTransport,
    private readonly processors: ProcessorRunner,
    private readonly processorHealth: ProcessorHealth,
  ) {}

  /**
   * ok, degraded (a processor failed) or error (no database, 503). Staff also get the details: each
   * processor's state, position and lag, and the oldest open transaction in the database.
   */
  @Get()
  @OptionalSession()
  @ApiOperation({ summary: 'Status for everyone; per-processor details with a staff session' })
  @ApiZodResponse(200, healthSchema, 'ok, or degraded (a processor failed); a staff session also gets the uptime, each processor and the oldest open transaction')
  @ApiZodResponse(503, healthDownSchema, `error: the database failed or did not answer within ${PROBE_TIMEOUT_MS} ms; a staff session is also told why`)
  async api(@Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<Record<string, unknown>> {
    const failed = this.processors.names.some((name) => this.processors.failure(name));
    if (request.user?.role !== 'staff') {
      const reachable = await withinProbeTime(this.dataSource.query('SELECT 1'), 'database').then(() => true, () => false);
      if (!reachable) void reply.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: !reachable ? 'error' : failed ? 'degraded' : 'ok' };
    }
    try {
      const [processors, oldestTransaction] = await withinProbeTime(Promise.all([this.processorHealth.processors(), this.processorHealth.oldestTransaction()]), 'database');
      return {
        status: failed ? 'degraded' : 'ok',
        uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
        timestamp: new Date().toISOString(),
        processors,
        database: { oldestTransaction },
      };
    } catch (error) {
      void reply.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'error', error: (error as Error).message, timestamp: new Date().toISOString() };
    }
  }

  @Get('database')
  @OptionalSession()
  @ApiOperation({ summary: 'Database round trip; the server version with a staff session' })
  async database(@Req() request: AuthenticatedRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<Check> {
    // The server version only for staff: to anyone else it would only help pick an exploit.
    const staff = request.user?.role === 'staff';
    const check = await timed('database', async () => {
      const [row] = await this.dataSource.query<{ version: string }[]>(staff ? "SELECT current_setting('server_version') AS version" : 'SELECT 1');
      return staff && row ? { version: row.version } : {};
    });
    if (check.status !== 'ok') void reply.status(HttpStatus.SERVICE_UNAVAILABLE);
    return check;
  }

  @Get('email')
  async email(@Res({ passthrough: true }) reply: FastifyReply): Promise<Check> {
    const check = await timed('mail transport', async () => {
      const result = await this.mail.verify();
      if (!result.ok) throw new Error(`${result.transport} transport is not ready`);
      return { transport: result.transport };
    });
    if (check.status !== 'ok') void reply.status(HttpStatus.SERVICE_UNAVAILABLE);
    return check;
  }
}
