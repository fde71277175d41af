import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back-office's searches (applications queue, merchants, payments' customer names) ignore accents: a staff member types
 * "Cafe" for "Café Ltd". unaccent ships with PostgreSQL (contrib, the embedded server included) and is
 * a trusted extension: the database owner may create it.
 */
export class Unaccent1700000001440 implements MigrationInterface {
  name = 'Unaccent1700000001440';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP EXTENSION IF EXISTS unaccent`);
  }
}
