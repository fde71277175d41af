import { Body, Controller, Get, Headers, Param, Patch, Query, Res, StreamableFile } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  ACCEPTED_DOCUMENT_TYPES,
  DOCUMENT_FIELDS,
  documentFileName,
  isCalendarDate,
  ONBOARDING_MESSAGES,
  applicationHistoryEntrySchema,
  merchantApplicationSchema,
  statusChangeSchema,
  type ApplicationHistoryEntry,
  type MerchantApplication,
  type StatusChange,
} from '@tallyline/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { Roles } from '../platform/auth/auth.decorators.js';
import type { CommandContext } from '../platform/commands/command-context.js';
import { DomainError } from '../platform/domain-error.js';
import { answerList } from '../platform/http/list-query.js';
import { Ctx } from '../platform/http/request-context.js';
import { ApiZodBody, ApiZodListResponse, ApiZodResponse, zodPipe } from '../platform/http/zod-validation.js';
import { APPLICATION_SORT_COLUMNS, ApplicationQueries, applicationFilterSchema } from './application-queries.js';
import { ChangeApplicationStatus } from './change-application-status/change-application-status.command.js';
import { DocumentStore } from './documents/document-store.js';

/** The staff review queue (ra-data-simple-rest conventions, so react-admin needs no custom provider). */
@ApiTags('admin')
@Controller('admin/merchant-applications')
@Roles('staff')
export class AdminApplicationsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: ApplicationQueries,
    private readonly documents: DocumentStore,
  ) {}

  @Get()
  @ApiQuery({ name: 'sort', required: false, example: '["createdAt","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,24]' })
  @ApiQuery({ name: 'filter', required: false, example: '{"q":"acme","status":"pending"}' })
  @ApiZodListResponse(merchantApplicationSchema, "The page asked for (sort, range, filter): each application flat, its form's fields and its review's")
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<MerchantApplication[]> {
    return answerList(
      query,
      reply,
      { resource: 'applications', sortColumns: APPLICATION_SORT_COLUMNS, defaultSort: { field: 'createdAt', order: 'DESC' }, filter: applicationFilterSchema },
      (listQuery) => this.queries.list(listQuery),
    );
  }

  @Get(':id')
  @ApiQuery({ name: 'asOf', required: false, description: 'ISO time: the application as it stood then', example: '2026-01-31T12:00:00Z' })
  @ApiZodResponse(200, merchantApplicationSchema, 'The application; without asOf, its version is also in the ETag header (send it back in If-Match)')
  async get(@Param('id') id: string, @Query('asOf') asOf: unknown, @Res({ passthrough: true }) reply: FastifyReply): Promise<MerchantApplication> {
    if (asOf !== undefined && asOf !== '') return this.queries.asOf(id, parseInstant(asOf));
    const application = await this.queries.get(id);
    void reply.header('ETag', `"${application.version}"`);
    return application;
  }

  @Get(':id/history')
  @ApiZodResponse(200, z.array(applicationHistoryEntrySchema), 'One entry per status change, the submission first, with who made it (its email null when none is known)')
  history(@Param('id') id: string): Promise<ApplicationHistoryEntry[]> {
    return this.queries.historyOf(id);
  }

  @Get(':id/documents/:field')
  @ApiResponse({
    status: 200,
    description: 'The uploaded file, as the type detected from its bytes at upload',
    content: Object.fromEntries(ACCEPTED_DOCUMENT_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
    headers: { 'Content-Disposition': { description: 'attachment, named by us: `<reference>-<field>.<pdf|jpg|png>`', schema: { type: 'string' } } },
  })
  async document(@Param('id') id: string, @Param('field') field: string): Promise<StreamableFile> {
    if (!(DOCUMENT_FIELDS as readonly string[]).includes(field)) throw new DomainError('not_found', ONBOARDING_MESSAGES.documentNotFound);
    const { reference, documents } = await this.queries.get(id);
    const document = documents.find((d) => d.field === field);
    if (!document) throw new DomainError('not_found', ONBOARDING_MESSAGES.documentNotFound);
    const file = await this.documents.open(document.sha256);
    if (!file) throw new DomainError('not_found', ONBOARDING_MESSAGES.documentNotFound);
    // The type detected from the bytes at upload, and a name we chose: never what the uploader claimed.
    const name = documentFileName(reference, document);
    return new StreamableFile(file.stream, { type: document.type, length: file.size, disposition: `attachment; filename="${name}"` });
  }

  @Patch(':id/status')
  @ApiZodBody(statusChangeSchema)
  @ApiHeader({ name: 'If-Match', required: false, description: 'The version last seen ("3", 3 or W/"3"); 412 when it changed since' })
  @ApiZodResponse(200, merchantApplicationSchema, 'The application after the change', { ETag: 'Its new version, for the next If-Match' })
  async changeStatus(
    @Param('id') id: string,
    @Body(zodPipe(statusChangeSchema)) body: StatusChange,
    @Headers('if-match') ifMatch: string | undefined,
    @Ctx() ctx: CommandContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MerchantApplication> {
    await this.commandBus.execute(new ChangeApplicationStatus(id, body, expectedVersionOf(ifMatch), ctx));
    const application = await this.queries.get(id);
    void reply.header('ETag', `"${application.version}"`);
    return application;
  }
}

/**
 * `"3"`, `3` or `W/"3"`; `*` (or no header) checks nothing. An ETag we never issued names no version
 * (-1): it never matches an application (412), and an unknown application stays a 404.
 */
function expectedVersionOf(ifMatch: string | undefined): number | undefined {
  const value = ifMatch?.trim();
  if (!value || value === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(value);
  return match ? Number(match[1]) : -1;
}

function parseInstant(value: unknown): Date {
  // A day that does not exist (2026-02-30) is refused, not rolled over into the next month.
  const time = typeof value === 'string' && isCalendarDate(value.slice(0, 10)) ? new Date(value) : undefined;
  if (!time || Number.isNaN(time.getTime())) throw DomainError.validation([{ field: 'asOf', message: 'asOf must be an ISO date-time like 2026-01-31T12:00:00Z' }]);
  return time;
}
