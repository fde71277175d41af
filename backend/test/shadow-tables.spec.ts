import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { ShadowTables } from '../src/platform/projections/rebuild/shadow-tables.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';

let database: TestDatabase;
let dataSource: DataSource;
beforeAll(async () => {
  database = await createTestDatabase();
  dataSource = new DataSource({ type: 'postgres', url: database.url });
  await dataSource.initialize();
});
afterAll(async () => {
  await dataSource.destroy();
  await database.drop();
});

/** Names and definitions of everything a swap could lose or rename. */
async function shape(table: string) {
  const indexes = await dataSource.query(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = $1 AND schemaname = 'public' ORDER BY 1`, [table]);
  const constraints = await dataSource.query(
    `SELECT conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conrelid = $1::regclass ORDER BY 1`,
    [table],
  );
  const columns = await dataSource.query(
    `SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_name = $1 AND table_schema = 'public' ORDER BY ordinal_position`,
    [table],
  );
  const sequences = await dataSource.query(`SELECT pg_get_serial_sequence($1, 'id') AS sequence`, [table]);
  return { indexes, constraints, columns, sequences };
}

it('swaps in a copy with the same columns, defaults, constraints, indexes (names included) and serial sequence', async () => {
  await dataSource.query(`CREATE TABLE owners (id text PRIMARY KEY)`);
  await dataSource.query(`INSERT INTO owners VALUES ('o1')`);
  await dataSource.query(`
    CREATE TABLE widgets (
      id serial PRIMARY KEY,
      code text NOT NULL UNIQUE,
      owner text REFERENCES owners (id),
      qty integer NOT NULL DEFAULT 0 CONSTRAINT widgets_qty_positive CHECK (qty >= 0),
      label text
    )`);
  await dataSource.query(`CREATE INDEX widgets_lower_label_idx ON widgets (lower(label)) WHERE label IS NOT NULL`);
  await dataSource.query(`INSERT INTO widgets (code, qty) VALUES ('old', 1)`);
  const before = await shape('widgets');

  const shadow = new ShadowTables('Widget Stock', ['widgets'], 'public');
  await dataSource.transaction(async (manager) => {
    await shadow.create(manager);
    await shadow.use(manager);
    await manager.query(`INSERT INTO widgets (id, code, owner, qty, label) VALUES (7, 'new', 'o1', 3, 'Blue')`);
  });
  // Unqualified names reach the live table again outside that transaction.
  expect(await dataSource.query(`SELECT code FROM widgets`)).toEqual([{ code: 'old' }]);
  await dataSource.transaction((manager) => shadow.addIndexes(manager));
  await dataSource.transaction((manager) => shadow.swap(manager));

  expect(await dataSource.query(`SELECT id, code, qty, label FROM widgets`)).toEqual([{ id: 7, code: 'new', qty: 3, label: 'Blue' }]);
  expect(await shape('widgets')).toEqual(before);
  expect(await dataSource.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [shadow.schema])).toEqual([]);
  // The constraints work on the swapped table, and the serial still draws from its sequence.
  await expect(dataSource.query(`INSERT INTO widgets (code, qty) VALUES ('bad', -1)`)).rejects.toThrow('widgets_qty_positive');
  await expect(dataSource.query(`INSERT INTO widgets (code, owner) VALUES ('stray', 'nobody')`)).rejects.toThrow('foreign key');
  await expect(dataSource.query(`INSERT INTO widgets (code) VALUES ('new')`)).rejects.toThrow('widgets_code_key');
  expect(await dataSource.query(`INSERT INTO widgets (code) VALUES ('next') RETURNING id`)).toEqual([{ id: 5 }]); // 2 to 4 went to the failed inserts
  // A second copy can be made and dropped (what the next replay does with a leftover one).
  await dataSource.transaction((manager) => shadow.create(manager));
  await dataSource.transaction((manager) => shadow.drop(manager));
  expect(await shape('widgets')).toEqual(before);
});
