import type { MigrationInterface, QueryRunner } from 'typeorm';
import { EventStore1700000000000 } from './1700000000000-event-store.js';
import { MailOutbox1700000000001 } from './1700000000001-mail-outbox.js';
import { IdentityMerchants1700000000100 } from './1700000000100-identity-merchants.js';
import { Onboarding1700000000200 } from './1700000000200-onboarding.js';
import { EventStoreSemantics1700000000300 } from './1700000000300-event-store-semantics.js';
import { ProcessorFailures1700000000400 } from './1700000000400-processor-failures.js';
import { SecretsFromEvents1700000000600 } from './1700000000600-secrets-from-events.js';
import { RateLimits1700000000700 } from './1700000000700-rate-limits.js';
import { PaymentMethods1700000000900 } from './1700000000900-payment-methods.js';
import { Payments1700000000800 } from './1700000000800-payments.js';
import { SandboxGateway1700000001000 } from './1700000001000-sandbox-gateway.js';
import { GatewayCalls1700000001020 } from './1700000001020-gateway-calls.js';
import { TransactionFilters1700000001040 } from './1700000001040-transaction-filters.js';
import { PaymentStats1700000001041 } from './1700000001041-payment-stats.js';
import { PaymentDailyStats1700000001060 } from './1700000001060-payment-daily-stats.js';
import { CryptoPayments1700000001120 } from './1700000001120-crypto-payments.js';
import { Webhooks1700000001100 } from './1700000001100-webhooks.js';
import { PaymentIntents1700000001140 } from './1700000001140-payment-intents.js';
import { ApplicationDailyCounts1700000001200 } from './1700000001200-application-daily-counts.js';
import { StripeCompat1700000001220 } from './1700000001220-stripe-compat.js';
import { ParkedWebhookDeliveries1700000001320 } from './1700000001320-parked-webhook-deliveries.js';
import { MailOutboxRecipient1700000001340 } from './1700000001340-mail-outbox-recipient.js';
import { WebhookDeliveriesVacuum1700000001360 } from './1700000001360-webhook-deliveries-vacuum.js';
import { TransactionSearch1700000001380 } from './1700000001380-transaction-search.js';
import { DisputeRevenue1700000001400 } from './1700000001400-dispute-revenue.js';
import { SandboxSingleUseTokens1700000001420 } from './1700000001420-sandbox-single-use-tokens.js';
import { Unaccent1700000001440 } from './1700000001440-unaccent.js';
import { DailyAttempted1700000001460 } from './1700000001460-daily-attempted.js';
import { AccentFreeTransactionSearch1700000001480 } from './1700000001480-accent-free-transaction-search.js';
import { Sessions1700000001500 } from './1700000001500-sessions.js';
import { ReadModelsOutdated1700000001520 } from './1700000001520-read-models-outdated.js';

type MigrationClass = new () => MigrationInterface;

/**
 * A migration may index millions of rows; the app's statement timeout is there for requests, not for
 * schema changes, so each migration's transaction lifts it (migrationsTransactionMode 'each').
 */
export function untimed(Migration: MigrationClass): MigrationClass {
  const Untimed = class extends Migration {
    override async up(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query('SET LOCAL statement_timeout = 0');
      await super.up(queryRunner);
    }
  };
  // TypeORM records a migration under its class name, which carries the timestamp.
  Object.defineProperty(Untimed, 'name', { value: Migration.name });
  return Untimed;
}

/** Every migration, in order. Add new ones at the end. */
export const migrations = [
  EventStore1700000000000,
  MailOutbox1700000000001,
  IdentityMerchants1700000000100,
  Onboarding1700000000200,
  EventStoreSemantics1700000000300,
  ProcessorFailures1700000000400,
  SecretsFromEvents1700000000600,
  RateLimits1700000000700,
  PaymentMethods1700000000900,
  Payments1700000000800,
  SandboxGateway1700000001000,
  GatewayCalls1700000001020,
  TransactionFilters1700000001040,
  PaymentStats1700000001041,
  PaymentDailyStats1700000001060,
  CryptoPayments1700000001120,
  Webhooks1700000001100,
  PaymentIntents1700000001140,
  ApplicationDailyCounts1700000001200,
  StripeCompat1700000001220,
  ParkedWebhookDeliveries1700000001320,
  MailOutboxRecipient1700000001340,
  WebhookDeliveriesVacuum1700000001360,
  TransactionSearch1700000001380,
  DisputeRevenue1700000001400,
  SandboxSingleUseTokens1700000001420,
  Unaccent1700000001440,
  DailyAttempted1700000001460,
  AccentFreeTransactionSearch1700000001480,
  Sessions1700000001500,
  ReadModelsOutdated1700000001520,
].map(untimed);
