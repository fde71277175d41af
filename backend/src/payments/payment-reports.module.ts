import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientApiController } from './client-api.controller.js';
import { PaymentDailyStatsView, PaymentStatsView } from './read-models/payment-stats.entity.js';
import { PaymentView } from './read-models/payment.entity.js';
import { PaymentAnalyticsQueries } from './stats/payment-analytics.queries.js';
import { PaymentStatsController } from './stats/payment-stats.controller.js';
import { PaymentStatsQueries } from './stats/payment-stats.queries.js';
import { TransactionsController } from './transactions/transactions.controller.js';
import { TransactionQueries } from './transactions/transactions.queries.js';

/** The read side of payments: the transactions tab, its CSV export, the overview's stats, the analytics tab's series and the client API's reference calls. */
@Module({
  imports: [TypeOrmModule.forFeature([PaymentView, PaymentStatsView, PaymentDailyStatsView])],
  controllers: [TransactionsController, PaymentStatsController, ClientApiController],
  providers: [TransactionQueries, PaymentStatsQueries, PaymentAnalyticsQueries],
})
export class PaymentReportsModule {}
