import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Our calls to the gateway (projection "gateway-calls"): found by reference (IPN) and by state (reconciliation). */
export class GatewayCalls1700000001020 implements MigrationInterface {
  name = 'GatewayCalls1700000001020';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE gateway_calls (
        call_id uuid PRIMARY KEY,
        reference text NOT NULL,
        payment_id uuid NOT NULL,
        kind text NOT NULL,
        amount_minor bigint,
        state text NOT NULL,
        started_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX gateway_calls_reference_idx ON gateway_calls (reference)`);
    await q.query(`CREATE INDEX gateway_calls_unsettled_idx ON gateway_calls (started_at) WHERE state <> 'settled'`);
    await q.query(`CREATE INDEX gateway_calls_payment_idx ON gateway_calls (payment_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE gateway_calls`);
  }
}
