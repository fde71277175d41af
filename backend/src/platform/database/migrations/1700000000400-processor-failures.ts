import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operational state of the processors, next to their checkpoints (not domain state, so not events).
 *
 * processor_failures: a processor stopped at an event its own code could not handle; one row per
 * processor, removed when it moves past that event. Shared, so every instance's health shows it.
 * processor_dead_letters: events a reactor gave up on after its retries and went past; an operator
 * retry hands them to the reactor again.
 */
export class ProcessorFailures1700000000400 implements MigrationInterface {
  name = 'ProcessorFailures1700000000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE processor_failures (
        name text PRIMARY KEY,
        position bigint,
        event_id uuid,
        event_type text,
        error text NOT NULL,
        attempts integer NOT NULL,
        failed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE processor_dead_letters (
        processor text NOT NULL,
        event_id uuid NOT NULL,
        position bigint NOT NULL,
        event_type text NOT NULL,
        error text NOT NULL,
        attempts integer NOT NULL,
        failed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (processor, event_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE processor_dead_letters`);
    await q.query(`DROP TABLE processor_failures`);
  }
}
