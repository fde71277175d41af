import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Onboarding read models (application queue and history), the approval reactor's own state, and the
 * audit event log. No unique constraint on references: a projection must never fail on data it is given.
 */
export class Onboarding1700000000200 implements MigrationInterface {
  name = 'Onboarding1700000000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE merchant_applications (
        id uuid PRIMARY KEY,
        reference text NOT NULL,
        form_type text NOT NULL,
        status text NOT NULL,
        company_name text NOT NULL,
        contact_name text NOT NULL,
        contact_email text NOT NULL,
        search_text text NOT NULL,
        record jsonb NOT NULL,
        version integer NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX merchant_applications_created_idx ON merchant_applications (created_at DESC, id)`);
    await q.query(`CREATE INDEX merchant_applications_status_idx ON merchant_applications (status, created_at DESC)`);
    await q.query(`CREATE INDEX merchant_applications_email_idx ON merchant_applications (contact_email, status)`);
    await q.query(`CREATE INDEX merchant_applications_reference_idx ON merchant_applications (reference)`);
    await q.query(`
      CREATE TABLE application_history (
        event_id uuid PRIMARY KEY,
        position bigint NOT NULL,
        application_id uuid NOT NULL,
        type text NOT NULL,
        at timestamptz NOT NULL,
        actor_type text NOT NULL,
        actor_id text NOT NULL,
        applicant_email text,
        from_status text,
        to_status text NOT NULL,
        review_notes text
      )`);
    await q.query(`CREATE INDEX application_history_application_idx ON application_history (application_id, position)`);
    // State of the approval reactor (not a projection: never replayed): whose merchant is whose.
    await q.query(`
      CREATE TABLE onboarding_merchant_owners (
        merchant_id uuid PRIMARY KEY,
        owner_email text NOT NULL
      )`);
    await q.query(`CREATE INDEX onboarding_merchant_owners_email_idx ON onboarding_merchant_owners (owner_email)`);
    await q.query(`
      CREATE TABLE event_log (
        position bigint PRIMARY KEY,
        event_id uuid NOT NULL,
        stream_id text NOT NULL,
        stream_version integer NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        actor_id text NOT NULL,
        recorded_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX event_log_event_id_idx ON event_log (event_id)`);
    await q.query(`CREATE INDEX event_log_stream_idx ON event_log (stream_id, position)`);
    await q.query(`CREATE INDEX event_log_type_idx ON event_log (type, position)`);
    await q.query(`CREATE INDEX event_log_actor_idx ON event_log (actor_id, position)`);
    await q.query(`CREATE INDEX event_log_recorded_idx ON event_log (recorded_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['event_log', 'onboarding_merchant_owners', 'application_history', 'merchant_applications']) await q.query(`DROP TABLE ${table}`);
  }
}
