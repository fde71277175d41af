import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientApiController } from './client-api.controller.js';
import { PaymentDailyStatsView, PaymentStatsView } from './read-models/payment-stats.entity.js';
import { PaymentView } from './read-models/payment.entity.js';
import { PaymentsModule } from './payments.module.js';
import { AdminPaymentsController } from './staff/admin-payments.controller.js';
import { StaffPaymentQueries } from './staff/staff-payment.queries.js';
import { PaymentTimelineController } from './timeline/payment-timeline.controller.js';
import { PaymentTimeline } from './timeline/payment-timeline.queries.js';
import { PaymentAnalyticsQueries } from './stats/payment-analytics.queries.js';
import { PaymentStatsController } from './stats/payment-stats.controller.js';
import { PaymentStatsQueries } from './stats/payment-stats.queries.js';
import { TransactionsController } from './transactions/transactions.controller.js';
import { TransactionQueries } from './transactions/transactions.queries.js';

/** The read side of payments: the transactions tab, its CSV export, the overview's stats, the analytics tab's series, the client API's reference calls, each payment's timeline and the staff's payments list. */
@Module({
  imports: [TypeOrmModule.forFeature([PaymentView, PaymentStatsView, PaymentDailyStatsView]), PaymentsModule],
  controllers: [TransactionsController, PaymentStatsController, ClientApiController, PaymentTimelineController, AdminPaymentsController],
  providers: [TransactionQueries, PaymentStatsQueries, PaymentAnalyticsQueries, StaffPaymentQueries, PaymentTimeline],
})
export class PaymentReportsModule {}
