import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThanOrEqual, Not, Repository } from 'typeorm';
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

  /** Calls whose outcome is not recorded, started at or before `before`, oldest first. */
  unsettled(before: Date, limit: number): Promise<GatewayCallView[]> {
    return this.calls.find({ where: { state: Not('settled'), startedAt: LessThanOrEqual(before) }, order: { startedAt: 'ASC' }, take: limit });
  }
}
