import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { Public } from '../platform/auth/auth.decorators.js';
import { MailTransport } from '../platform/mail/mail-transport.js';
import { ProcessorRunner } from '../platform/projections/processor-runner.js';

interface Check {
  status: 'ok' | 'error';
  responseTime: number;
  [detail: string]: unknown;
}

async function timed(check: () => Promise<Record<string, unknown>>): Promise<Check> {
  const started = performance.now();
  try {
    const details = await check();
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
  ) {}

  @Get()
  api(): Record<string, unknown> {
    const failed = this.processors.names.filter((name) => this.processors.failure(name));
    return { status: 'ok', uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000), failedProcessors: failed, timestamp: new Date().toISOString() };
  }

  @Get('database')
  async database(@Res({ passthrough: true }) reply: FastifyReply): Promise<Check> {
    // A real round trip, but no server version: that would only help an attacker pick an exploit.
    const check = await timed(async () => {
      await this.dataSource.query('SELECT 1');
      return {};
    });
    if (check.status !== 'ok') void reply.status(HttpStatus.SERVICE_UNAVAILABLE);
    return check;
  }

  @Get('email')
  async email(@Res({ passthrough: true }) reply: FastifyReply): Promise<Check> {
    const check = await timed(async () => {
      const result = await this.mail.verify();
      if (!result.ok) throw new Error(`${result.transport} transport is not ready`);
      return { transport: result.transport };
    });
    if (check.status !== 'ok') void reply.status(HttpStatus.SERVICE_UNAVAILABLE);
    return check;
  }
}
