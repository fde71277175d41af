import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Processors whose read models copied event positions that `events:rebase` has since renumbered: one
 * row each, written in the rebase's transaction, removed in the swap transaction of the replay that
 * rebuilds it. An instance running processors refuses to start while a projection is listed.
 */
export class ReadModelsOutdated1700000001520 implements MigrationInterface {
  name = 'ReadModelsOutdated1700000001520';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE read_models_outdated (name text PRIMARY KEY, since timestamptz NOT NULL DEFAULT now())`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE read_models_outdated`);
  }
}
