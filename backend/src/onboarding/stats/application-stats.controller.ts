import { Controller, Get } from '@nestjs/common';
import { ApiQuery, ApiTags } from '@nestjs/swagger';
import { APPLICATIONS_PER_DAY, applicationsPerDayQuerySchema, applicationsPerDaySchema, type ApplicationsPerDay } from '@tallyline/contracts';
import type { z } from 'zod';
import { Roles } from '../../platform/auth/auth.decorators.js';
import { ApiZodResponse, ZodQuery } from '../../platform/http/zod-validation.js';
import { ApplicationStatsQueries } from './application-stats.queries.js';

/** The staff dashboard's chart: applications submitted per UTC day, from the daily counters. */
@ApiTags('admin')
@Controller('admin/stats')
@Roles('staff')
export class ApplicationStatsController {
  constructor(private readonly queries: ApplicationStatsQueries) {}

  @Get('applications-per-day')
  @ApiQuery({ name: 'days', required: false, type: Number, description: `The window ending today (UTC), ${APPLICATIONS_PER_DAY.min} to ${APPLICATIONS_PER_DAY.max} days, default ${APPLICATIONS_PER_DAY.default}` })
  @ApiZodResponse(200, applicationsPerDaySchema, 'Every UTC day of the window, oldest first, a day without applications as 0')
  applicationsPerDay(@ZodQuery(applicationsPerDayQuerySchema) { days }: z.output<typeof applicationsPerDayQuerySchema>): Promise<ApplicationsPerDay> {
    return this.queries.perDay(days);
  }
}
