import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../platform/event-store/event-store.port.js';
import { AsProcessor, type Projection } from '../../platform/projections/processor.js';
import { isApplicationEvent, type ApplicationEvent } from '../application.events.js';

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
    if (!isApplicationEvent(stored) || stored.type !== 'ApplicationSubmitted') return;
    await manager.query(
      `INSERT INTO application_daily_counts AS c (day, submitted) VALUES ($1, 1)
       ON CONFLICT (day) DO UPDATE SET submitted = c.submitted + 1`,
      [new Date(stored.data.submittedAt).toISOString().slice(0, 10)],
    );
  }

  /** A replay adds through the same statement, so it cannot count differently from the live path. */
  async rebuildChunk(events: readonly StoredEvent[], manager: EntityManager): Promise<void> {
    for (const event of events) await this.handle(event, manager);
  }
}
