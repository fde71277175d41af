import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transactions tab's `q` becomes a prefix search (the beginning of the customer's e-mail, of the
 * customer's name or of its last word, or of the payment id), served by btree indexes in place of the
 * trigram index. A substring search over a merchant's million payments cost PostgreSQL 50–95 ms a query
 * (`npm run bench:transactions-list`): the trigram index reads the posting lists of the trigrams every
 * e-mail shares (`exa`, `com`…), and a name matching thousands of payments fetched them all to keep the
 * newest page. A prefix is one range of a btree, and each index carries the page's order columns
 * (INCLUDE) so the newest matches are found without visiting the table: about a millisecond for a name
 * or an address. Each index also includes the column its expression reads, because PostgreSQL answers
 * from an expression index alone only when those columns are in it too.
 */
export class TransactionSearch1700000001380 implements MigrationInterface {
  name = 'TransactionSearch1700000001380';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX payments_search_idx`);
    await q.query(
      `CREATE INDEX payments_search_email_idx ON payments (merchant_id, environment, lower(customer_email) text_pattern_ops) INCLUDE (created_at, id, customer_email)`,
    );
    await q.query(
      `CREATE INDEX payments_search_name_idx ON payments (merchant_id, environment, lower(customer_name) text_pattern_ops) INCLUDE (created_at, id, customer_name)`,
    );
    await q.query(
      `CREATE INDEX payments_search_surname_idx ON payments (merchant_id, environment, lower(substring(customer_name from '(\\S+)\\s*$')) text_pattern_ops) INCLUDE (created_at, id, customer_name)`,
    );
    // Statistics of the indexed expressions, which the planner has only once the table is analyzed.
    await q.query(`ANALYZE payments`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of ['payments_search_surname_idx', 'payments_search_name_idx', 'payments_search_email_idx']) await q.query(`DROP INDEX ${index}`);
    await q.query(`CREATE INDEX payments_search_idx ON payments USING gin ((customer_name || ' ' || customer_email || ' ' || id::text) gin_trgm_ops)`);
  }
}
