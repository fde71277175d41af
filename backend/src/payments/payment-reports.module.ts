import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PaymentView } from './read-models/payment.entity.js';
import { TransactionsController } from './transactions/transactions.controller.js';
import { TransactionQueries } from './transactions/transactions.queries.js';

/** The read side of payments for merchants: the transactions tab and its CSV export. */
@Module({
  imports: [TypeOrmModule.forFeature([PaymentView])],
  controllers: [TransactionsController],
  providers: [TransactionQueries],
})
export class PaymentReportsModule {}
