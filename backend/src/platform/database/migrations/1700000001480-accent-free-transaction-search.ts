import type { MigrationInterface, QueryRunner } from 'typeorm';

const INDEXES = [
  ['payments_search_email_idx', 'payments_search_email_folded_idx', `customer_email`, 'customer_email'],
  ['payments_search_name_idx', 'payments_search_name_folded_idx', `customer_name`, 'customer_name'],
  ['payments_search_surname_idx', 'payments_search_surname_folded_idx', `substring(customer_name from '(\\S+)\\s*$')`, 'customer_name'],
] as const;

/**
 * The transactions tab's `q` ignores accents as well as case, on both sides: "Jose" finds "José García"
 * and "muller" finds "Müller", as the back-office's searches do. The prefix indexes of 1700000001380
 * become indexes of the folded text, `lower(f_unaccent(…))`, the expression the query uses
 * (platform/database/accent-free.ts): one btree range per way of matching, as before.
 *
 * `unaccent` is only STABLE (its dictionary could change), so an index cannot call it; `f_unaccent`
 * is the usual IMMUTABLE wrapper, naming the dictionary and the function with their schema so that it
 * means the same whatever the caller's search_path (pg_dump and restores run with an empty one).
 *
 * On an existing database the payments table may hold millions of rows: the new indexes are built
 * first, under new names, while the old ones still serve reads (CREATE INDEX lets readers through and
 * holds writers until the migration commits); the old ones are dropped last, so the exclusive lock
 * DROP INDEX takes lasts from there to the commit, not for the build. The migration's transaction
 * runs without the statement timeout (`untimed`), and if anything fails nothing has changed.
 */
export class AccentFreeTransactionSearch1700000001480 implements MigrationInterface {
  name = 'AccentFreeTransactionSearch1700000001480';

  async up(q: QueryRunner): Promise<void> {
    // Wherever 1700000001440 created the extension (the first schema on the search_path then).
    const [extension] = (await q.query(`SELECT extnamespace::regnamespace::text AS schema FROM pg_extension WHERE extname = 'unaccent'`)) as { schema: string }[];
    if (!extension) throw new Error('The unaccent extension is missing (migration 1700000001440)');
    const schema = extension.schema; // an identifier, quoted by regnamespace where it needs to be
    await q.query(
      `CREATE FUNCTION f_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
         AS $$ SELECT ${schema}.unaccent('${schema.replaceAll("'", "''")}.unaccent'::regdictionary, $1) $$`,
    );
    for (const [, index, expression, column] of INDEXES) {
      await q.query(
        `CREATE INDEX ${index} ON payments (merchant_id, environment, lower(f_unaccent(${expression})) text_pattern_ops) INCLUDE (created_at, id, ${column})`,
      );
    }
    // Statistics of the indexed expressions, which the planner has only once the table is analyzed.
    await q.query(`ANALYZE payments`);
    for (const [old] of INDEXES) await q.query(`DROP INDEX ${old}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [old, , expression, column] of INDEXES) {
      await q.query(`CREATE INDEX ${old} ON payments (merchant_id, environment, lower(${expression}) text_pattern_ops) INCLUDE (created_at, id, ${column})`);
    }
    await q.query(`ANALYZE payments`);
    for (const [, index] of INDEXES) await q.query(`DROP INDEX ${index}`);
    await q.query(`DROP FUNCTION f_unaccent(text)`);
  }
}
