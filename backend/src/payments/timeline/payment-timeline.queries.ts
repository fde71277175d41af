import { Injectable } from '@nestjs/common';
import type { PaymentTimelineEntry, TimelineActor } from '@tallyline/contracts';
import { UserLookup } from '../../platform/auth/auth-user.js';
import { EventStore, type EventMetadata } from '../../platform/event-store/event-store.port.js';
import { streamNames } from '../../platform/event-store/stream-names.js';
import { actorFromMetadata, timelineOf } from './payment-timeline.js';

/**
 * A payment's timeline, read from its stream through the event store port (so it works on either
 * adapter and shows every event, also those no read model keeps). Callers check access first.
 */
@Injectable()
export class PaymentTimeline {
  constructor(
    private readonly store: EventStore,
    private readonly users: UserLookup,
  ) {}

  async of(paymentId: string): Promise<PaymentTimelineEntry[]> {
    const events = await this.store.readStream(streamNames.payment(paymentId));
    const people = new Map<string, Promise<TimelineActor>>();
    return timelineOf(events, (actor) => {
      const known = actorFromMetadata(actor);
      if (actor?.type !== 'user' && actor?.type !== 'staff') return Promise.resolve(known);
      // As the application history does: e-mail and role from the users read model, so they are current.
      let person = people.get(actor.id);
      if (!person) {
        person = this.personOf(actor, known);
        people.set(actor.id, person);
      }
      return person;
    });
  }

  private async personOf(actor: EventMetadata['actor'], known: TimelineActor): Promise<TimelineActor> {
    const user = await this.users.userById(actor.id);
    return user ? { id: actor.id, email: user.email, role: user.role } : known;
  }
}
