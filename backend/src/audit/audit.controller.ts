import { Readable } from 'node:stream';
import { Controller, Get, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiNotFoundResponse, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { eventLogEntrySchema, type EventLogEntry } from '@tallyline/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { Roles } from '../platform/auth/auth.decorators.js';
import { DomainError } from '../platform/domain-error.js';
import { EventStore, START } from '../platform/event-store/event-store.port.js';
import { answerList, UUID_PATTERN } from '../platform/http/list-query.js';
import { ApiZodListResponse, ApiZodResponse } from '../platform/http/zod-validation.js';
import { EventLogQueries, EVENT_SORT_COLUMNS, eventFilterSchema } from './event-log.queries.js';
import { toEventLogEntry } from './event-log.projection.js';

const EXPORT_PAGE = 500;
const exportQuerySchema = z.object({ stream: z.string().min(1).max(300).optional() });

/** The raw event log for compliance: browse (ra-data-simple-rest) and export (NDJSON). */
@ApiTags('admin')
@Controller('admin/events')
@Roles('staff')
export class AuditController {
  constructor(
    private readonly queries: EventLogQueries,
    private readonly store: EventStore,
  ) {}

  @Get()
  @ApiQuery({ name: 'sort', required: false, example: '["position","DESC"]' })
  @ApiQuery({ name: 'range', required: false, example: '[0,49]' })
  @ApiQuery({ name: 'filter', required: false, example: '{"stream":"application-…","type":"StatusChanged","actor":"…","from":"2026-01-01T00:00:00Z"}' })
  @ApiZodListResponse(eventLogEntrySchema, "The page asked for (sort, range, filter); data without credentials, actorEmail only for a signed-in person's events")
  async list(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) reply: FastifyReply): Promise<EventLogEntry[]> {
    return answerList(
      query,
      reply,
      { resource: 'events', sortColumns: EVENT_SORT_COLUMNS, defaultSort: { field: 'position', order: 'DESC' }, filter: eventFilterSchema },
      (listQuery) => this.queries.list(listQuery),
    );
  }

  /** The event types in the log, for the browser's type filter (only types that occurred can match). */
  @Get('types')
  @ApiZodResponse(200, z.array(z.string()), 'Each event type in the log once, sorted')
  async types(): Promise<string[]> {
    return this.queries.types();
  }

  /**
   * Straight from the event store (the source of truth, through its port, so it works on either
   * adapter): one stream (404 when it has no events), or everything in global order, one JSON event per line.
   */
  @Get('export')
  @ApiQuery({ name: 'stream', required: false, description: 'A stream id such as application-<uuid>; omit for every event' })
  @ApiResponse({
    status: 200,
    description: 'One event per line, as the event browser shows it (without actorEmail), in the order of the stream or of the log',
    content: { 'application/x-ndjson': { schema: { type: 'string' } } },
    headers: { 'Content-Disposition': { description: 'attachment; filename="events-<stream, or all>.ndjson"', schema: { type: 'string' } } },
  })
  @ApiNotFoundResponse({ description: 'The stream has no events' })
  async export(@Query() query: Record<string, unknown>): Promise<StreamableFile> {
    const parsed = exportQuerySchema.safeParse(query);
    if (!parsed.success) throw DomainError.validation([{ field: 'stream', message: 'stream must be one stream id' }]);
    const { stream } = parsed.data;
    const store = this.store;
    // Read before answering: a stream exists only through its events, so a mistyped id is a 404 that
    // says so, where it was a 200 with an empty file that looked like a successful export.
    const streamEvents = stream ? await store.readStream(stream) : undefined;
    if (stream && !streamEvents?.length) throw new DomainError('not_found', `No events in ${stream}`);
    async function* lines(): AsyncGenerator<string> {
      if (streamEvents) {
        for (const event of streamEvents) yield `${JSON.stringify(toEventLogEntry(event))}\n`;
        return;
      }
      for (let after = START; ; ) {
        const page = await store.readAll(after, EXPORT_PAGE);
        const last = page.at(-1);
        if (!last) return;
        for (const event of page) yield `${JSON.stringify(toEventLogEntry(event))}\n`;
        after = last.globalPosition;
      }
    }
    const name = (stream ?? 'all').replace(/[^\w.-]/g, '_');
    return new StreamableFile(Readable.from(lines()), { type: 'application/x-ndjson', disposition: `attachment; filename="events-${name}.ndjson"` });
  }

  @Get(':id')
  @ApiZodResponse(200, eventLogEntrySchema, "The event by its id; actorEmail only for a signed-in person's events")
  async get(@Param('id') id: string): Promise<EventLogEntry> {
    const event = UUID_PATTERN.test(id) ? await this.queries.byEventId(id) : undefined;
    if (!event) throw new DomainError('not_found', 'Event not found');
    return event;
  }
}

