import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { lockKey } from './checkpoint-watcher.js';

/** The processor's lock on another session (a replay's): the same key as the live processors' (lockKey). */
export async function tryLock(runner: QueryRunner, name: string): Promise<boolean> {
  const [row] = (await runner.query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [lockKey(name)])) as [{ locked: boolean }];
  return row.locked;
}

export async function unlock(runner: QueryRunner, name: string): Promise<void> {
  await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey(name)]);
}

/** The processor's checkpoint, created at 0 the first time (a batch locks and compares that row). */
export async function ensureCheckpoint(dataSource: DataSource, name: string): Promise<bigint> {
  const rows = await dataSource.query<{ position: string }[]>(
    `INSERT INTO processor_checkpoints (name, position) VALUES ($1, 0)
     ON CONFLICT (name) DO UPDATE SET name = EXCLUDED.name RETURNING position`,
    [name],
  );
  return BigInt(rows[0]!.position); // INSERT … ON CONFLICT DO UPDATE … RETURNING answers one row
}

/** Locks the checkpoint row for the transaction: a batch compares it with where it started. */
export async function lockCheckpoint(runner: QueryRunner, name: string): Promise<bigint> {
  const [row] = (await runner.query('SELECT position FROM processor_checkpoints WHERE name = $1 FOR UPDATE', [name])) as { position: string }[];
  return BigInt(row?.position ?? -1);
}

/** Stores the checkpoint in the caller's transaction; telling the other instances is the caller's, after its commit. */
export async function saveCheckpoint(manager: EntityManager, name: string, position: bigint): Promise<void> {
  await manager.query(
    `INSERT INTO processor_checkpoints (name, position) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
    [name, position.toString()],
  );
}

/**
 * Moves a checkpoint past events the processor does not handle, in one statement instead of a
 * transaction: only if it is still at `from` (false: a replay or another instance moved it).
 */
export async function skipTo(dataSource: DataSource, name: string, from: bigint, to: bigint): Promise<boolean> {
  const rows = await dataSource.query<unknown[]>(
    // A SELECT around it: TypeORM answers an UPDATE with [rows, count], a SELECT with its rows.
    `WITH moved AS (
       UPDATE processor_checkpoints SET position = $3, updated_at = now() WHERE name = $1 AND position = $2 RETURNING name
     ) SELECT name FROM moved`,
    [name, from.toString(), to.toString()],
  );
  return rows.length === 1;
}

/** The projections among `names` whose read models still hold positions from before an events:rebase. */
export async function outdatedReadModels(dataSource: DataSource, names: string[]): Promise<string[]> {
  const rows = await dataSource.query<{ name: string }[]>('SELECT name FROM read_models_outdated WHERE name = ANY($1) ORDER BY name', [names]);
  return rows.map((row) => row.name);
}

/** In a replay's swap transaction: the projection's read model is current again. */
export async function markRebuilt(manager: EntityManager, name: string): Promise<void> {
  await manager.query('DELETE FROM read_models_outdated WHERE name = $1', [name]);
}
