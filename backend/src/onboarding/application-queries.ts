import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  APPLICATION_STATUSES,
  FORM_TYPES,
  ONBOARDING_MESSAGES,
  type ApplicationHistoryEntry,
  type MerchantApplication,
} from '@tallyline/contracts';
import { Repository } from 'typeorm';
import { z } from 'zod';
import { UserLookup } from '../platform/auth/auth-user.js';
import { DomainError } from '../platform/domain-error.js';
import { EventStore } from '../platform/event-store/event-store.port.js';
import { streamNames } from '../platform/event-store/stream-names.js';
import { accentFreeMatch, humanTextOrder, idFilterSchema, likePattern, UUID_PATTERN, type ListQuery } from '../platform/http/list-query.js';
import { foldRecord } from './application-record.js';
import { ApplicationHistoryView, ApplicationView } from './read-models/application.entity.js';

const oneOrMany = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.union([z.enum(values, { error: message }), z.array(z.enum(values, { error: message }))]).transform((v) => (Array.isArray(v) ? v : [v]));

export const applicationFilterSchema = z.strictObject(
  {
    q: z.string({ error: 'q must be text' }).max(200, 'q must be at most 200 characters').optional(),
    status: oneOrMany(APPLICATION_STATUSES, 'status must be pending, under_review, approved or rejected').optional(),
    formType: oneOrMany(FORM_TYPES, 'formType must be precheck or long').optional(),
    id: idFilterSchema.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown filter ${issue.keys.join(', ')}` : undefined) },
);
export type ApplicationFilter = z.output<typeof applicationFilterSchema>;

export const APPLICATION_SORT_COLUMNS: Record<string, string> = {
  createdAt: 'a.created_at',
  updatedAt: 'a.updated_at',
  companyName: humanTextOrder('a.company_name'),
  status: 'a.status',
  reference: 'a.reference',
};

const notFound = () => new DomainError('not_found', ONBOARDING_MESSAGES.notFound);

/** Staff reads of the onboarding read models. Staff see every application; nothing here is per merchant. */
@Injectable()
export class ApplicationQueries {
  constructor(
    @InjectRepository(ApplicationView) private readonly applications: Repository<ApplicationView>,
    @InjectRepository(ApplicationHistoryView) private readonly history: Repository<ApplicationHistoryView>,
    private readonly store: EventStore,
    private readonly users: UserLookup,
  ) {}

  async list({ sort, range, filter }: ListQuery<ApplicationFilter>): Promise<{ rows: MerchantApplication[]; total: number }> {
    const query = this.applications.createQueryBuilder('a');
    // The reference too: it is what an applicant quotes (their confirmation e-mail carries it). Matched
    // on its own column, so rows projected before this need no replay.
    if (filter.q?.trim()) query.andWhere(`(${accentFreeMatch('a.search_text')} OR lower(a.reference) LIKE :q)`, { q: likePattern(filter.q.trim()), searchText: filter.q.trim() });
    if (filter.status) query.andWhere('a.status IN (:...statuses)', { statuses: filter.status.length ? filter.status : [null] });
    if (filter.formType) query.andWhere('a.form_type IN (:...formTypes)', { formTypes: filter.formType.length ? filter.formType : [null] });
    if (filter.id) query.andWhere('a.id IN (:...ids)', { ids: filter.id.length ? filter.id : [null] });
    query.orderBy(sort.column, sort.order).addOrderBy('a.id', sort.order);
    query.offset(range.start).limit(range.end - range.start + 1);
    const [views, total] = await query.getManyAndCount();
    return { rows: views.map((view) => view.record), total };
  }

  async get(id: string): Promise<MerchantApplication> {
    const view = UUID_PATTERN.test(id) ? await this.applications.findOneBy({ id }) : null;
    if (!view) throw notFound();
    return view.record;
  }

  /** Time travel: the application as it stood at `asOf`, folded from its events (not the read model). */
  async asOf(id: string, asOf: Date): Promise<MerchantApplication> {
    if (!UUID_PATTERN.test(id)) throw notFound();
    const record = foldRecord(await this.store.readStream(streamNames.application(id), { untilTime: asOf }));
    if (!record) throw new DomainError('not_found', `${ONBOARDING_MESSAGES.notFound} at ${asOf.toISOString()}`);
    return record;
  }

  async historyOf(id: string): Promise<ApplicationHistoryEntry[]> {
    await this.get(id);
    const rows = await this.history.createQueryBuilder('h').where('h.application_id = :id', { id }).orderBy('h.position', 'ASC').getMany();
    const actors = new Map<string, ApplicationHistoryEntry['actor']>();
    for (const row of rows) {
      if (!actors.has(row.actorId)) actors.set(row.actorId, await this.actorOf(row));
    }
    return rows.map((row) => ({
      position: row.position,
      type: row.type,
      at: row.at.toISOString(),
      actor: row.applicantEmail && row.actorId === 'anonymous' ? { id: row.actorId, email: row.applicantEmail, role: 'visitor' } : actors.get(row.actorId)!,
      from: row.fromStatus,
      to: row.toStatus,
      reviewNotes: row.reviewNotes,
    }));
  }

  /** E-mail and role come from the users read model, so they are current, not copied into the history. */
  private async actorOf(row: ApplicationHistoryView): Promise<ApplicationHistoryEntry['actor']> {
    const user = row.actorType === 'staff' || row.actorType === 'user' ? await this.users.userById(row.actorId) : undefined;
    if (user) return { id: row.actorId, email: user.email, role: user.role };
    if (row.actorId === 'anonymous') return { id: row.actorId, email: row.applicantEmail, role: 'visitor' };
    return { id: row.actorId, email: null, role: row.actorType };
  }
}
