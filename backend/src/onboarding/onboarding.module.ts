import { join } from 'node:path';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../platform/config/app-config.js';
import { AdminApplicationsController } from './admin-applications.controller.js';
import { ApplicationQueries } from './application-queries.js';
import { ChangeApplicationStatusHandler } from './change-application-status/change-application-status.handler.js';
import { ConfirmationMailReactor } from './confirmation-mail/confirmation-mail.reactor.js';
import { DecisionMailReactor } from './decision-mail/decision-mail.reactor.js';
import { DocumentStore } from './documents/document-store.js';
import { LocalDocumentStore } from './documents/local-document-store.js';
import { MerchantActivationReactor } from './merchant-activation/merchant-activation.reactor.js';
import { MerchantApplicationsController } from './merchant-applications.controller.js';
import { ApplicationHistoryView, ApplicationView } from './read-models/application.entity.js';
import { ApplicationHistoryProjection, ApplicationsProjection } from './read-models/applications.projection.js';
import { ApplicationDailyCountView } from './stats/application-daily-count.entity.js';
import { ApplicationDailyCountsProjection } from './stats/application-daily-counts.projection.js';
import { ApplicationStatsController } from './stats/application-stats.controller.js';
import { ApplicationStatsQueries } from './stats/application-stats.queries.js';
import { SubmitApplicationHandler } from './submit-application/submit-application.handler.js';

/** Merchant applications, staff review, documents. */
@Module({
  imports: [TypeOrmModule.forFeature([ApplicationView, ApplicationHistoryView, ApplicationDailyCountView])],
  controllers: [MerchantApplicationsController, AdminApplicationsController, ApplicationStatsController],
  providers: [
    SubmitApplicationHandler,
    ChangeApplicationStatusHandler,
    ApplicationQueries,
    ApplicationsProjection,
    ApplicationHistoryProjection,
    ApplicationDailyCountsProjection,
    ApplicationStatsQueries,
    ConfirmationMailReactor,
    DecisionMailReactor,
    MerchantActivationReactor,
    { provide: DocumentStore, inject: [AppConfig], useFactory: (config: AppConfig) => new LocalDocumentStore(join(config.dataDir, 'documents')) },
  ],
})
export class OnboardingModule {}
