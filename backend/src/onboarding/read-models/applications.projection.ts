import { Injectable } from '@nestjs/common';
import type { MerchantApplication } from '@tallyline/contracts';
import type { EntityManager } from 'typeorm';
import type { Stored } from '../../platform/event-store/event-guard.js';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import { foldRows, writeRows } from '../../platform/projections/rebuild/bulk-rows.js';
import { emailsOf, evolveRecord } from '../application-record.js';
import { isApplicationEvent, type ApplicationEvent } from '../application.events.js';
import { ApplicationHistoryView, ApplicationView } from './application.entity.js';
import { eventDate } from '../../platform/projections/event-date.js';

const APPLICATION_EVENT_TYPES = ['ApplicationSubmitted', 'StatusChanged'] satisfies ApplicationEvent['type'][];

@AsProcessor()
@Injectable()
export class ApplicationsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'merchant-applications';
  readonly tables = ['merchant_applications'];
  readonly handles = APPLICATION_EVENT_TYPES;

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    if (!isApplicationEvent(stored)) return;
    const id = stored.data.applicationId;
    if (stored.type === 'ApplicationSubmitted') {
      await manager.upsert(ApplicationView, evolveApplication(undefined, stored)!, ['id']);
      return;
    }
    const previous = await manager.findOneBy(ApplicationView, { id });
    const record = previous && evolveRecord(previous.record, stored);
    if (record) await manager.update(ApplicationView, { id }, columnsOf(record));
  }

  async rebuildChunk(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    const idOf = (stored: StoredEvent) => (isApplicationEvent(stored) ? stored.data.applicationId : undefined);
    await foldRows(manager, ApplicationView, events, idOf, evolveApplication);
  }
}

/** The queue row after the event; undefined when the event changes nothing. */
function evolveApplication(row: ApplicationView | undefined, stored: StoredEvent): ApplicationView | undefined {
  if (!isApplicationEvent(stored)) return undefined;
  if (stored.type === 'ApplicationSubmitted') {
    const event = stored;
    const record = evolveRecord(null, stored)!;
    const searchText = [record.companyName, record.contactName, ...emailsOf(event.data)].join(' ').toLowerCase();
    return { ...columnsOf(record), id: event.data.applicationId, reference: record.reference, formType: record.formType, createdAt: eventDate(record.createdAt, 'createdAt'), searchText };
  }
  const record = row && evolveRecord(row.record, stored);
  return record ? { ...row, ...columnsOf(record) } : undefined;
}

/** What a later event can change. */
function columnsOf(record: MerchantApplication) {
  return {
    status: record.status,
    companyName: record.companyName,
    contactName: record.contactName,
    contactEmail: record.contactEmail,
    record,
    version: record.version,
    updatedAt: eventDate(record.updatedAt, 'updatedAt'),
  };
}

@AsProcessor()
@Injectable()
export class ApplicationHistoryProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'application-history';
  readonly tables = ['application_history'];
  readonly handles = APPLICATION_EVENT_TYPES;

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    if (!isApplicationEvent(stored)) return;
    await manager.createQueryBuilder().insert().into(ApplicationHistoryView).values(historyRow(stored)).orIgnore().execute();
  }

  async rebuildChunk(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    await writeRows(manager, ApplicationHistoryView, events.filter(isApplicationEvent).map(historyRow), 'ignore');
  }
}

function historyRow(event: Stored<ApplicationEvent>): ApplicationHistoryView {
  const { actor } = event.metadata;
  const common = {
    eventId: event.eventId,
    position: event.globalPosition.toString(),
    applicationId: event.data.applicationId,
    type: event.type,
    at: event.recordedAt,
    actorType: actor.type,
    actorId: actor.id,
  };
  return event.type === 'ApplicationSubmitted'
    ? { ...common, applicantEmail: emailsOf(event.data)[0].toLowerCase(), fromStatus: null, toStatus: 'pending' as const, reviewNotes: null }
    : { ...common, applicantEmail: null, fromStatus: event.data.from, toStatus: event.data.to, reviewNotes: event.data.reviewNotes };
}
