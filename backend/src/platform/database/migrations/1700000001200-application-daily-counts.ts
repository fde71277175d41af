import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff dashboard's applications-per-day counters (projection "application-daily-counts"). A new
 * projection has no checkpoint, so it starts from the first event and counts every application.
 */
export class ApplicationDailyCounts1700000001200 implements MigrationInterface {
  name = 'ApplicationDailyCounts1700000001200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE application_daily_counts (day date PRIMARY KEY, submitted integer NOT NULL DEFAULT 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE application_daily_counts`);
  }
}
