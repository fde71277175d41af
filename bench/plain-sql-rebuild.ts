import type pg from 'pg';

/**
 * The read models of the seeded events (merchant lives: users, credentials, merchants, API keys,
 * applications, their history, the event log) rebuilt with plain SQL: one INSERT … SELECT from
 * `events` per table, the final state worked out in SQL, into copies of the tables whose indexes are
 * built after the load, as the replay's shadow tables are. It is the floor the replay is compared
 * with: no events leave the database. The application record is the submitted form plus the envelope
 * fields, the same shape the projection stores.
 */
const TABLES = ['users', 'user_credentials', 'merchants', 'api_keys', 'merchant_applications', 'application_history', 'event_log'];

const LOADS: Record<string, string> = {
  users: `INSERT INTO sql_users (id, email, first_name, last_name, role, created_at)
    SELECT DISTINCT ON ((data->>'userId')::uuid) (data->>'userId')::uuid, data->>'email', data->>'firstName', data->>'lastName', data->>'role', (data->>'registeredAt')::timestamptz
      FROM events WHERE type = 'UserRegistered' ORDER BY (data->>'userId')::uuid, global_position DESC`,
  user_credentials: `INSERT INTO sql_user_credentials (user_id, email, password_hash, password_version)
    SELECT DISTINCT ON ((data->>'userId')::uuid) (data->>'userId')::uuid, data->>'email', data->>'passwordHash', stream_version
      FROM events WHERE type IN ('UserRegistered', 'CredentialsImported', 'PasswordChanged') AND data->>'passwordHash' IS NOT NULL
      ORDER BY (data->>'userId')::uuid, global_position DESC`,
  merchants: `INSERT INTO sql_merchants (id, owner_user_id, company_name, email, website, business_type, environment, is_active, created_at)
    SELECT r.id, (r.data->>'ownerUserId')::uuid, r.data->>'companyName', r.data->>'email', r.data->>'website', r.data->>'businessType',
           coalesce(s.environment, r.data->>'environment'), (r.data->>'isActive')::boolean OR a.id IS NOT NULL, (r.data->>'registeredAt')::timestamptz
      FROM (SELECT DISTINCT ON ((data->>'merchantId')::uuid) (data->>'merchantId')::uuid AS id, data FROM events
             WHERE type = 'MerchantRegistered' ORDER BY (data->>'merchantId')::uuid, global_position DESC) r
      LEFT JOIN (SELECT DISTINCT ON ((data->>'merchantId')::uuid) (data->>'merchantId')::uuid AS id, data->>'to' AS environment FROM events
             WHERE type = 'EnvironmentSwitched' ORDER BY (data->>'merchantId')::uuid, global_position DESC) s ON s.id = r.id
      LEFT JOIN (SELECT DISTINCT (data->>'merchantId')::uuid AS id FROM events WHERE type = 'MerchantActivated') a ON a.id = r.id`,
  api_keys: `INSERT INTO sql_api_keys (id, merchant_id, environment, prefix, key_hash, last4, created_at, revoked_at)
    SELECT DISTINCT ON ((e.data->>'keyId')::uuid) (e.data->>'keyId')::uuid, (e.data->>'merchantId')::uuid, e.data->>'environment', e.data->>'prefix', e.data->>'keyHash', e.data->>'last4',
           coalesce(e.data->>'issuedAt', e.data->>'rotatedAt', e.data->>'createdAt')::timestamptz, r.revoked_at
      FROM events e
      LEFT JOIN (SELECT DISTINCT ON (data->>'previousKeyId') data->>'previousKeyId' AS id, (data->>'rotatedAt')::timestamptz AS revoked_at FROM events
             WHERE type = 'ApiKeyRotated' ORDER BY data->>'previousKeyId', global_position) r ON r.id = e.data->>'keyId'
      WHERE e.type IN ('ApiKeyIssued', 'ApiKeyRotated', 'ApiKeyImported') AND e.data->>'keyHash' IS NOT NULL
      ORDER BY (e.data->>'keyId')::uuid, e.global_position`,
  merchant_applications: `INSERT INTO sql_merchant_applications (id, reference, form_type, status, company_name, contact_name, contact_email, search_text, record, version, created_at, updated_at)
    SELECT a.id, a.data->>'reference', a.data->>'formType', coalesce(c.data->>'to', 'pending'), a.company, a.contact, a.email,
           lower(concat_ws(' ', a.company, a.contact, a.f->>'primaryEmail', a.f->>'shareholderEmail', a.f->>'technicalContactEmail', a.f->>'email')),
           a.f || jsonb_build_object('id', a.id, 'reference', a.data->>'reference', 'status', coalesce(c.data->>'to', 'pending'), 'createdAt', a.data->>'submittedAt',
             'updatedAt', coalesce(c.data->>'changedAt', a.data->>'submittedAt'), 'reviewNotes', c.data->'reviewNotes', 'version', coalesce(c.stream_version, a.stream_version),
             'companyName', a.company, 'contactName', a.contact, 'contactEmail', a.email, 'country', coalesce(a.f->>'operatingCountry', a.f->>'country'),
             'documents', a.data->'documents', 'formType', a.data->>'formType'),
           coalesce(c.stream_version, a.stream_version), (a.data->>'submittedAt')::timestamptz, coalesce(c.data->>'changedAt', a.data->>'submittedAt')::timestamptz
      FROM (SELECT (data->>'applicationId')::uuid AS id, data, data->'fields' AS f, stream_version, data->'fields'->>'companyName' AS company,
                   CASE WHEN data->>'formType' = 'precheck' THEN concat(data->'fields'->>'shareholderFirstName', ' ', data->'fields'->>'shareholderLastName')
                        ELSE concat(data->'fields'->>'firstName', ' ', data->'fields'->>'lastName') END AS contact,
                   lower(coalesce(data->'fields'->>'primaryEmail', data->'fields'->>'email')) AS email
              FROM events WHERE type = 'ApplicationSubmitted') a
      LEFT JOIN (SELECT DISTINCT ON ((data->>'applicationId')::uuid) (data->>'applicationId')::uuid AS id, data, stream_version FROM events
             WHERE type = 'StatusChanged' ORDER BY (data->>'applicationId')::uuid, global_position DESC) c ON c.id = a.id`,
  application_history: `INSERT INTO sql_application_history (event_id, position, application_id, type, at, actor_type, actor_id, applicant_email, from_status, to_status, review_notes)
    SELECT event_id, global_position, (data->>'applicationId')::uuid, type, recorded_at, metadata->'actor'->>'type', metadata->'actor'->>'id',
           CASE WHEN type = 'ApplicationSubmitted' THEN lower(coalesce(data->'fields'->>'primaryEmail', data->'fields'->>'email')) END,
           data->>'from', coalesce(data->>'to', 'pending'), data->>'reviewNotes'
      FROM events WHERE type IN ('ApplicationSubmitted', 'StatusChanged') ON CONFLICT DO NOTHING`,
  event_log: `INSERT INTO sql_event_log (position, event_id, stream_id, stream_version, type, data, metadata, actor_id, recorded_at)
    SELECT global_position, event_id, stream_id, stream_version, type, data, metadata, coalesce(metadata->'actor'->>'id', ''), recorded_at FROM events`,
};

/**
 * Rebuilds every table above in plain SQL; answers the seconds it took (table copies made beforehand,
 * dropped after) and the tables whose row count differs from the read model's (none, when the SQL
 * does what the projections do).
 */
export async function plainSqlRebuild(pool: pg.Pool): Promise<{ seconds: number; rows: number; mismatched: string[] }> {
  const indexes = new Map<string, string[]>();
  for (const table of TABLES) {
    await pool.query(`DROP TABLE IF EXISTS sql_${table}`);
    await pool.query(`CREATE TABLE sql_${table} (LIKE ${table} INCLUDING DEFAULTS)`);
    const { rows } = await pool.query<{ indexdef: string; indexname: string }>('SELECT indexname, indexdef FROM pg_indexes WHERE tablename = $1', [table]);
    indexes.set(table, rows.map(({ indexname, indexdef }) => indexdef.replace(` ${indexname} ON `, ` sql_${indexname} ON `).replace(new RegExp(`\\.${table} `), `.sql_${table} `)));
  }
  const started = performance.now();
  let rows = 0;
  for (const table of TABLES) {
    rows += (await pool.query(LOADS[table]!)).rowCount ?? 0; // every table has its load
    for (const definition of indexes.get(table)!) await pool.query(definition); // set above
  }
  const seconds = (performance.now() - started) / 1000;
  const mismatched: string[] = [];
  for (const table of TABLES) {
    const { rows: [counts] } = await pool.query<{ ours: string; sql: string }>(`SELECT (SELECT count(*) FROM ${table}) AS ours, (SELECT count(*) FROM sql_${table}) AS sql`);
    if (counts?.ours !== counts?.sql) mismatched.push(`${table} (${counts?.ours} rows, plain SQL ${counts?.sql})`);
    await pool.query(`DROP TABLE sql_${table}`);
  }
  return { seconds, rows, mismatched };
}
