import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ENVIRONMENTS, isIsoDateOrDateTime, PAYMENT_STATUSES, type AdminPayment } from '@tallyline/contracts';
import { Repository } from 'typeorm';
import { z } from 'zod';
import { accentFreeMatch, idFilterSchema, likePattern, UUID_PATTERN, type ListQuery } from '../../platform/http/list-query.js';
import { PaymentQueries } from '../payments.queries.js';
import { PaymentView } from '../read-models/payment.entity.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
/** A bare date is that whole UTC day; a date-time is that instant (the back-office sends the bounds of the staff member's local days). */
const dateBound = (label: string, end: boolean) =>
  z
    .string({ error: `${label} must be an ISO date or date-time` })
    .refine(isIsoDateOrDateTime, `${label} must be an ISO date (2026-01-31) or date-time (2026-01-31T12:00:00Z)`)
    .transform((value) => (DATE_ONLY.test(value) ? new Date(Date.parse(`${value}T00:00:00Z`) + (end ? DAY_MS - 1 : 0)) : new Date(value)));

const statuses = `status must be one of ${PAYMENT_STATUSES.join(', ')}`;
export const staffPaymentFilterSchema = z.strictObject(
  {
    merchantId: z.string({ error: 'merchantId must be a merchant id' }).regex(UUID_PATTERN, 'merchantId must be a merchant id').optional(),
    status: z
      .union([z.enum(PAYMENT_STATUSES, { error: statuses }), z.array(z.enum(PAYMENT_STATUSES, { error: statuses }))], { error: statuses })
      .transform((value) => (Array.isArray(value) ? value : [value]))
      .optional(),
    environment: z.enum(ENVIRONMENTS, { error: 'environment must be production or staging' }).optional(),
    from: dateBound('from', false).optional(),
    to: dateBound('to', true).optional(),
    /** Only payments with money refunded (partly or fully): the merchant's refunds. */
    refunded: z.boolean({ error: 'refunded must be true or false' }).optional(),
    /** Case-insensitive part of the payment id, order id, customer name or e-mail. */
    q: z.string({ error: 'q must be text' }).max(200, 'q must be at most 200 characters').optional(),
    id: idFilterSchema.optional(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown filter ${issue.keys.join(', ')}` : undefined) },
);
export type StaffPaymentFilter = z.output<typeof staffPaymentFilterSchema>;

export const STAFF_PAYMENT_SORT_COLUMNS: Record<string, string> = {
  createdAt: 'p.created_at',
  updatedAt: 'p.updated_at',
  amount: 'p.amount_minor',
  refundedAmount: 'p.refunded_minor',
  status: 'p.status',
  environment: 'p.environment',
  merchantId: 'p.merchant_id',
  currency: 'p.currency',
};

/** Staff reads of every merchant's payments, whichever door (our API, /v1, the dashboard) created them. */
@Injectable()
export class StaffPaymentQueries {
  constructor(
    @InjectRepository(PaymentView) private readonly payments: Repository<PaymentView>,
    private readonly shapes: PaymentQueries,
  ) {}

  private toAdminPayment(view: PaymentView): AdminPayment {
    return {
      ...this.shapes.toPayment(view),
      cardBrand: view.cardBrand,
      cardLast4: view.cardLast4,
      failureReason: view.failureReason,
      updatedAt: view.updatedAt.toISOString(),
    };
  }

  async list({ sort, range, filter }: ListQuery<StaffPaymentFilter>): Promise<{ rows: AdminPayment[]; total: number }> {
    const query = this.payments.createQueryBuilder('p');
    if (filter.merchantId) query.andWhere('p.merchant_id = :merchantId', { merchantId: filter.merchantId });
    if (filter.status) query.andWhere('p.status IN (:...statuses)', { statuses: filter.status.length ? filter.status : [null] });
    if (filter.environment) query.andWhere('p.environment = :environment', { environment: filter.environment });
    if (filter.from) query.andWhere('p.created_at >= :from', { from: filter.from });
    if (filter.to) query.andWhere('p.created_at <= :to', { to: filter.to });
    if (filter.refunded !== undefined) query.andWhere(filter.refunded ? 'p.refunded_minor > 0' : 'p.refunded_minor = 0');
    if (filter.q?.trim()) {
      const q = filter.q.trim();
      // An id is matched without its dashes, so one pasted from a gateway reference or a log line without them is found too.
      const idDigits = q.replaceAll('-', '');
      const byId = idDigits ? "replace(p.id::text, '-', '') LIKE :idDigits OR " : '';
      query.andWhere(`(${byId}lower(p.order_id) LIKE :q OR ${accentFreeMatch('p.customer_name')} OR lower(p.customer_email) LIKE :q)`, { q: likePattern(q), searchText: q, idDigits: likePattern(idDigits) });
    }
    if (filter.id) query.andWhere('p.id IN (:...ids)', { ids: filter.id.length ? filter.id : [null] });
    query.orderBy(sort.column, sort.order).addOrderBy('p.id', sort.order);
    query.offset(range.start).limit(range.end - range.start + 1);
    const [views, total] = await query.getManyAndCount();
    return { rows: views.map((view) => this.toAdminPayment(view)), total };
  }

  async get(id: string): Promise<AdminPayment> {
    return this.toAdminPayment(await this.shapes.find(id));
  }

}
