import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EventLogEntry } from '@tallyline/contracts';
import { Repository } from 'typeorm';
import { z } from 'zod';
import { UserLookup } from '../platform/auth/auth-user.js';
import { idFilterSchema, UUID_PATTERN, type ListQuery } from '../platform/http/list-query.js';
import { EventLogView } from './event-log.entity.js';
import { withoutCredentials } from './without-credentials.js';

// Trimmed: a stream id copied from the table or a log comes with a space or newline, and matched nothing
// while the back-office's Export (which trims) exported that very stream.
const text = (label: string) => z.string().trim().max(300, `${label} must be at most 300 characters`);
const oneOrMany = (label: string) =>
  z
    .union([text(label), z.array(text(label))], { error: `${label} must be text or a list of texts` })
    .transform((value) => (Array.isArray(value) ? value : [value]));
const instant = (label: string) =>
  z
    .string({ error: `${label} must be an ISO date-time` })
    .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), `${label} must be an ISO date-time like 2026-01-31T12:00:00Z`)
    .transform((value) => new Date(value));

export const eventFilterSchema = z.strictObject(
  {
    stream: oneOrMany('stream').optional(),
    type: oneOrMany('type').optional(),
    /** The actor id in the metadata (a user id, API key id, 'anonymous' or a system name). */
    actor: z.string({ error: 'actor must be an id' }).max(300, 'actor must be at most 300 characters').optional(),
    from: instant('from').optional(),
    to: instant('to').optional(),
    /** Event ids (react-admin getMany). */
    id: idFilterSchema.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown filter ${issue.keys.join(', ')}` : undefined) },
);
export type EventFilter = z.output<typeof eventFilterSchema>;

export const EVENT_SORT_COLUMNS: Record<string, string> = {
  position: 'e.position',
  recordedAt: 'e.recorded_at',
  type: 'e.type',
  streamId: 'e.stream_id',
};

function toEntry(view: EventLogView): EventLogEntry {
  return {
    id: view.eventId,
    position: view.position,
    streamId: view.streamId,
    streamVersion: view.streamVersion,
    type: view.type,
    data: withoutCredentials(view.data),
    metadata: view.metadata,
    recordedAt: view.recordedAt.toISOString(),
  };
}

/** The id of the signed-in person behind an event (staff or a merchant's user), if a person it was. */
function personId(entry: EventLogEntry): string | undefined {
  const actor = entry.metadata.actor as { type?: unknown; id?: unknown } | undefined;
  const person = actor?.type === 'staff' || actor?.type === 'user';
  return person && typeof actor.id === 'string' && UUID_PATTERN.test(actor.id) ? actor.id : undefined;
}

@Injectable()
export class EventLogQueries {
  constructor(
    @InjectRepository(EventLogView) private readonly events: Repository<EventLogView>,
    private readonly users: UserLookup,
  ) {}

  async list({ sort, range, filter }: ListQuery<EventFilter>): Promise<{ rows: EventLogEntry[]; total: number }> {
    const query = this.events.createQueryBuilder('e');
    const anyOf = (column: string, name: string, values: string[] | undefined) => {
      if (values) query.andWhere(`${column} IN (:...${name})`, { [name]: values.length ? values : [null] });
    };
    anyOf('e.stream_id', 'streams', filter.stream);
    anyOf('e.type', 'types', filter.type);
    anyOf('e.event_id', 'ids', filter.id);
    if (filter.actor !== undefined) query.andWhere('e.actor_id = :actor', { actor: filter.actor });
    if (filter.from) query.andWhere('e.recorded_at >= :from', { from: filter.from });
    if (filter.to) query.andWhere('e.recorded_at <= :to', { to: filter.to });
    query.orderBy(sort.column, sort.order);
    if (sort.field !== 'position') query.addOrderBy('e.position', sort.order);
    query.offset(range.start).limit(range.end - range.start + 1);
    const [views, total] = await query.getManyAndCount();
    return { rows: await this.withActorEmails(views.map(toEntry)), total };
  }

  /**
   * Every event type in the log, sorted, for the browser's type filter. A skip scan over the
   * (type, position) index: one index probe per type, however many events there are.
   */
  async types(): Promise<string[]> {
    const rows: { type: string }[] = await this.events.query(
      `WITH RECURSIVE found(type) AS (
         (SELECT type FROM event_log ORDER BY type LIMIT 1)
         UNION ALL
         SELECT (SELECT e.type FROM event_log e WHERE e.type > found.type ORDER BY e.type LIMIT 1) FROM found WHERE found.type IS NOT NULL
       )
       SELECT type FROM found WHERE type IS NOT NULL`,
    );
    // The database's collation ordered them for the index; the filter lists them as written.
    return rows.map((row) => row.type).sort();
  }

  async byEventId(eventId: string): Promise<EventLogEntry | undefined> {
    const view = await this.events.findOneBy({ eventId });
    return view ? (await this.withActorEmails([toEntry(view)]))[0] : undefined;
  }

  /** Compliance reads "staff ana@…", not a user id: each distinct person on the page looked up once. */
  private async withActorEmails(entries: EventLogEntry[]): Promise<EventLogEntry[]> {
    const ids = new Set(entries.map(personId).filter((id): id is string => id !== undefined));
    const emails = new Map(await Promise.all([...ids].map(async (id) => [id, (await this.users.userById(id))?.email] as const)));
    return entries.map((entry) => {
      const email = emails.get(personId(entry) ?? '');
      return email ? { ...entry, actorEmail: email } : entry;
    });
  }
}
