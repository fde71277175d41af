import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, Repository } from 'typeorm';
import { GatewayCallView } from './read-models/gateway-call.entity.js';

/** Reads of the gateway calls we made (payment attempts and refunds). */
@Injectable()
export class GatewayCallQueries {
  constructor(@InjectRepository(GatewayCallView) private readonly calls: Repository<GatewayCallView>) {}

  /** The call that carried this References.Merchant (an IPN names nothing else of ours). */
  byReference(reference: string): Promise<GatewayCallView | null> {
    return this.calls.findOneBy({ reference });
  }

  /** A payment's latest attempt (the one a 3-D Secure return is about). */
  latestAttempt(paymentId: string): Promise<GatewayCallView | null> {
    return this.calls.findOne({ where: { paymentId, kind: 'attempt' }, order: { startedAt: 'DESC' } });
  }

  /** Calls asked and never answered (the process died in between), started at or before `before`, oldest first. */
  unanswered(before: Date, limit: number): Promise<GatewayCallView[]> {
    return this.calls.find({ where: { state: 'in_flight', startedAt: LessThanOrEqual(before) }, order: { startedAt: 'ASC' }, take: limit });
  }

  /** Calls waiting for the payer's 3-D Secure, started at or before `before`, oldest first after the keyset position `after`. */
  awaitingPayer(before: Date, limit: number, after?: CallPosition): Promise<GatewayCallView[]> {
    const query = this.calls.createQueryBuilder('c').where(`c.state = 'requires_action' AND c.started_at <= :before`, { before });
    if (after) query.andWhere('(c.started_at, c.call_id) > (:startedAt, :callId)', after);
    return query.orderBy('c.started_at', 'ASC').addOrderBy('c.call_id', 'ASC').limit(limit).getMany();
  }
}

export interface CallPosition {
  startedAt: Date;
  callId: string;
}
