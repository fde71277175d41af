import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import { isApplicationEvent, type ApplicationEvent } from '../application.events.js';
import { eventDate } from '../../platform/projections/event-date.js';

/**
 * One counter per UTC day of submission, so the chart reads at most a year of small rows instead of
 * counting every application on each visit. The increment commits with the checkpoint: counted once.
 */
@AsProcessor()
@Injectable()
export class ApplicationDailyCountsProjection implements Projection {
  readonly kind = 'projection';
  readonly name = 'application-daily-counts';
  readonly tables = ['application_daily_counts'];
  readonly handles = ['ApplicationSubmitted'] satisfies ApplicationEvent['type'][];

  async handle(stored: StoredEvent, manager: EntityManager): Promise<void> {
    await this.rebuildChunk([stored], manager);
  }

  /** Live and in a replay alike: the chunk's submissions counted per day, then one statement adds them. */
  async rebuildChunk(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    const perDay = new Map<string, number>();
    for (const stored of events) {
      if (!isApplicationEvent(stored) || stored.type !== 'ApplicationSubmitted') continue;
      const day = eventDate(stored.data.submittedAt, 'submittedAt').toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    if (perDay.size === 0) return;
    await manager.query(
      `INSERT INTO application_daily_counts AS c (day, submitted) SELECT * FROM unnest($1::date[], $2::int[])
       ON CONFLICT (day) DO UPDATE SET submitted = c.submitted + EXCLUDED.submitted`,
      [[...perDay.keys()], [...perDay.values()]],
    );
  }
}
