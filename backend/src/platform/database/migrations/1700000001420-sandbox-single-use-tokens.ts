import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A sandbox card token pays one sale, as real gateways' tokens do: the sale it was spent on (its
 * References.Merchant, so a repeat of that same call still finds it) and when. Tokens made before this
 * migration are unspent: the sandbox never recorded which sale used them.
 */
export class SandboxSingleUseTokens1700000001420 implements MigrationInterface {
  name = 'SandboxSingleUseTokens1700000001420';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sandbox_gateway_tokens ADD COLUMN used_by_reference text, ADD COLUMN used_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sandbox_gateway_tokens DROP COLUMN used_by_reference, DROP COLUMN used_at`);
  }
}
