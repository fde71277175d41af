import { Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { processorRetrySchema, type ProcessorRetry } from '@tallyline/contracts';
import { Roles } from '../platform/auth/auth.decorators.js';
import { DomainError } from '../platform/domain-error.js';
import { ApiZodResponse } from '../platform/http/zod-validation.js';
import { ProcessorRunner } from '../platform/projections/processor-runner.js';

@ApiTags('admin')
@Controller('admin/processors')
@Roles('staff')
export class AdminProcessorsController {
  constructor(private readonly runner: ProcessorRunner) {}

  /** The same as `npm run processors -- retry <name>`: heard by whichever instance runs it. */
  @Post(':name/retry')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Retry a failed processor from its checkpoint; a reactor also gets its dead-lettered events again' })
  @ApiZodResponse(202, processorRetrySchema, 'The instance running the processor was asked to retry; follow it in /api/health')
  @ApiNotFoundResponse({ description: 'No processor has that name' })
  async retry(@Param('name') name: string): Promise<ProcessorRetry> {
    if (!this.runner.names.includes(name)) throw new DomainError('not_found', `No processor is named "${name}"`);
    await this.runner.requestRetry(name);
    return { name, retry: 'requested' };
  }
}
