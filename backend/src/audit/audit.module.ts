import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditController } from './audit.controller.js';
import { EventLogView } from './event-log.entity.js';
import { EventLogProjection } from './event-log.projection.js';
import { EventLogQueries } from './event-log.queries.js';

/**
 * The compliance view of the raw event log. Its own feature, not onboarding's: it shows every
 * feature's events (users, merchants, payments), so no single feature should own it.
 */
@Module({
  imports: [TypeOrmModule.forFeature([EventLogView])],
  controllers: [AuditController],
  providers: [EventLogProjection, EventLogQueries],
})
export class AuditModule {}
