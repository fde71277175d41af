import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EntityManager } from 'typeorm';
import { ActivateMerchant, isMerchantEvent, type MerchantRegistered } from '../../merchants/index.js';
import { UserLookup } from '../../platform/auth/auth-user.js';
import { causedBy } from '../../platform/commands/command-context.js';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Reactor } from '../../platform/projections/processor.js';
import { ReadModelsBehind } from '../../platform/projections/processor-errors.js';
import { ProcessorRunner } from '../../platform/projections/processor-runner.js';
import { isApplicationEvent, type StatusChanged } from '../application.events.js';
import { ApplicationView } from '../read-models/application.entity.js';

/**
 * An approved application activates the merchant of the user with the application's primary e-mail,
 * whichever comes first: the approval or the merchant's registration.
 *
 * Race-free because this one reactor sees both events in global order and keeps whose merchant is
 * whose in its own table, written before it moves past the event. Before reading the read models it
 * waits until the projections it reads have reached the event, so the owner and the application are
 * there; if they have not (failed, or too slow), it throws and the runner retries the event instead
 * of going past it with nothing done. Matching is on the owner's account e-mail only: the merchant's
 * contact e-mail is free text anyone could set to another company's address.
 *
 * At least once: the checkpoint moves only after ActivateMerchant succeeded, and ActivateMerchant is
 * idempotent (an active merchant gets no second event), so a redone event is harmless.
 */
/** What the users and applications read models are built from. */
const READ_MODEL_EVENTS = ['UserRegistered', 'ApplicationSubmitted', 'StatusChanged'];

@AsProcessor()
@Injectable()
export class MerchantActivationReactor implements Reactor {
  readonly kind = 'reactor';
  readonly name = 'approved-merchant-activation';
  readonly handles = ['MerchantRegistered', 'StatusChanged'];
  private readonly logger = new Logger(MerchantActivationReactor.name);

  constructor(
    private readonly commandBus: CommandBus,
    private readonly users: UserLookup,
    private readonly processors: ProcessorRunner,
  ) {}

  /** The read models this batch's handling looks up, waited for before its transaction opens. */
  async prepare(events: readonly StoredEvent[]): Promise<void> {
    const last = events.findLast((event) => event.type === 'MerchantRegistered' || (isApplicationEvent(event) && event.type === 'StatusChanged' && event.data.to === 'approved'));
    if (last) await this.readModelsAt(last);
  }

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    if (isMerchantEvent(stored) && stored.type === 'MerchantRegistered') return this.onMerchantRegistered(stored, manager);
    if (isApplicationEvent(stored) && stored.type === 'StatusChanged' && stored.data.to === 'approved') return this.onApproved(stored, manager);
  }

  private async onMerchantRegistered(event: MerchantRegistered & StoredEvent, manager: EntityManager): Promise<void> {
    await this.readModelsAt(event);
    const owner = await this.users.userById(event.data.ownerUserId);
    if (!owner) return void this.logger.warn(`Merchant ${event.data.merchantId} has no known owner; not matched to applications`);
    const email = owner.email.toLowerCase();
    await manager.query(
      `INSERT INTO onboarding_merchant_owners (merchant_id, owner_email) VALUES ($1, $2)
       ON CONFLICT (merchant_id) DO UPDATE SET owner_email = EXCLUDED.owner_email`,
      [event.data.merchantId, email],
    );
    const approved = await manager.findOne(ApplicationView, { where: { contactEmail: email, status: 'approved' }, order: { createdAt: 'ASC' } });
    if (approved) await this.activate(event.data.merchantId, approved.reference, event);
  }

  private async onApproved(event: StatusChanged & StoredEvent, manager: EntityManager): Promise<void> {
    await this.readModelsAt(event);
    const application = await manager.findOneBy(ApplicationView, { id: event.data.applicationId });
    if (!application) return;
    const owners = (await manager.query<{ merchant_id: string }[]>(`SELECT merchant_id FROM onboarding_merchant_owners WHERE owner_email = $1`, [application.contactEmail]));
    for (const { merchant_id } of owners) await this.activate(merchant_id, application.reference, event);
  }

  /** The users and applications read models this reactor reads, up to `event`. */
  private async readModelsAt(event: StoredEvent): Promise<void> {
    const { failed, timedOut } = await this.processors.waitForProjections(event.globalPosition, READ_MODEL_EVENTS);
    if (failed.length) throw new Error(`Read models not up to event ${event.globalPosition}: ${failed.map((n) => `${n} failed`).join(', ')}`);
    if (timedOut.length) throw new ReadModelsBehind(event.globalPosition, timedOut);
  }

  private async activate(merchantId: string, reference: string, event: StoredEvent): Promise<void> {
    await this.commandBus.execute(new ActivateMerchant({ merchantId, reason: `application ${reference} approved` }, causedBy(event, this.name)));
  }
}
