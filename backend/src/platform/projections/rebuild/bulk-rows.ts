import type { EntityManager, EntityMetadata, EntityTarget, ObjectLiteral } from 'typeorm';
import type { StoredEvent } from '../../event-store/event-store.port.js';

/**
 * Writers for a projection's bulk rebuild (`Projection.rebuildChunk`). Table names are left
 * unqualified on purpose: during a replay the search path puts the shadow tables first.
 */

/** Writes many rows in one statement. Existing keys are overwritten (`update`) or kept (`ignore`). */
export async function writeRows<Row extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<Row>,
  rows: readonly Row[],
  onConflict: 'update' | 'ignore',
): Promise<void> {
  const set = recordset(manager, entity, rows);
  if (!set) return;
  const updates = set.names.filter((name) => !set.keys.includes(name)).map((name) => `${name} = EXCLUDED.${name}`);
  const conflict = onConflict === 'ignore' || updates.length === 0 ? 'DO NOTHING' : `DO UPDATE SET ${updates.join(', ')}`;
  await manager.query(`${set.insert} ON CONFLICT (${set.keys.join(', ')}) ${conflict}`, set.parameters);
}

/**
 * Adds rows of counters in one statement: a new key is inserted, an existing one gets the `counters`
 * columns added to what it holds (the other columns are left as they are).
 */
export async function addRows<Row extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<Row>,
  rows: readonly Row[],
  counters: readonly (keyof Row & string)[],
): Promise<void> {
  const set = recordset(manager, entity, rows);
  if (!set) return;
  const sums = set.metadata.columns
    .filter((column) => counters.includes(column.propertyName as keyof Row & string))
    .map((column) => `"${column.databaseName}" = t."${column.databaseName}" + EXCLUDED."${column.databaseName}"`);
  await manager.query(`${set.insert} ON CONFLICT (${set.keys.join(', ')}) DO UPDATE SET ${sums.join(', ')}`, set.parameters);
}

/**
 * The rows as one JSON parameter that PostgreSQL spreads into columns (`jsonb_to_recordset`), far
 * cheaper than thousands of parameters or array literals; the columns are those the first row has.
 */
function recordset<Row extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<Row>, rows: readonly Row[]) {
  const [first] = rows;
  if (!first) return undefined;
  const metadata = manager.connection.getMetadata(entity);
  const columns = metadata.columns.filter((column) => column.propertyName in first);
  const names = columns.map((column) => `"${column.databaseName}"`);
  const records = rows.map((row) => Object.fromEntries(columns.map((column) => [column.databaseName, row[column.propertyName] ?? null])));
  const shape = columns.map((column) => `"${column.databaseName}" ${manager.connection.driver.normalizeType(column)}`);
  return {
    metadata,
    names,
    keys: metadata.primaryColumns.map((column) => `"${column.databaseName}"`),
    insert: `INSERT INTO "${metadata.tableName}" AS t (${names.join(', ')}) SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${shape.join(', ')})`,
    parameters: [JSON.stringify(records)],
  };
}

/** The rows with these (single-column) primary keys, shaped like the entity. */
export async function findRows<Row extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<Row>, ids: readonly string[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const metadata = manager.connection.getMetadata(entity);
  const key = primaryKeyOf(metadata);
  const select = metadata.columns.map((column) => `"${column.databaseName}" AS "${column.propertyName}"`).join(', ');
  return (await manager.query<Row[]>(
    `SELECT ${select} FROM "${metadata.tableName}" WHERE "${key.databaseName}" = ANY($1::${manager.connection.driver.normalizeType(key)}[])`,
    [ids],
  ));
}

/**
 * Folds a chunk of events into rows keyed by one id, in memory: rows the chunk touches are loaded
 * once, evolved event by event, and written back in one statement. An event may touch several rows
 * (`keysOf` returns each key); `evolve` returns the row's new state, or undefined when the event
 * changes nothing for it (as the live `handle` would leave the table alone).
 */
export async function foldRows<Row extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<Row>,
  events: readonly StoredEvent[],
  keysOf: (event: StoredEvent) => string | readonly string[] | undefined,
  evolve: (row: Row | undefined, event: StoredEvent, key: string) => Row | undefined,
  /**
   * Events that make their row from nothing (`evolve` ignores the row it is given): a key whose first
   * event in the chunk is one is not read. A live batch of new payments then costs no SELECT.
   */
  creates?: (event: StoredEvent) => boolean,
): Promise<void> {
  const touches = events.flatMap((event) => {
    const keys = keysOf(event);
    return (keys === undefined ? [] : typeof keys === 'string' ? [keys] : keys).map((key) => [key, event] as const);
  });
  const metadata = manager.connection.getMetadata(entity);
  const keyProperty = primaryKeyOf(metadata).propertyName;
  const firstTouch = new Map<string, StoredEvent>();
  for (const [key, event] of touches) if (!firstTouch.has(key)) firstTouch.set(key, event);
  const existing = [...firstTouch].filter(([, event]) => !creates?.(event)).map(([key]) => key);
  const rows = new Map<string, Row>();
  for (const row of await findRows(manager, entity, existing)) rows.set(row[keyProperty] as string, row);
  const changed = new Set<string>();
  for (const [key, event] of touches) {
    const next = evolve(rows.get(key), event, key);
    if (next === undefined) continue;
    rows.set(key, next);
    changed.add(key);
  }
  await writeRows(manager, entity, [...changed].map((key) => rows.get(key)!), 'update');
}

/** The first primary key column; these helpers serve tables keyed by one column. */
function primaryKeyOf(metadata: EntityMetadata): EntityMetadata['primaryColumns'][number] {
  const [key] = metadata.primaryColumns;
  if (!key) throw new Error(`Table "${metadata.tableName}" has no primary key`);
  return key;
}
