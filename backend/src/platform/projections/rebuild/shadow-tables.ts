import type { EntityManager } from 'typeorm';

/**
 * A projection's shadow tables: copies of its live tables (same columns, defaults, checks,
 * constraints and index names) in a schema of their own, `rebuild_<projection>`. Code that names
 * tables unqualified (TypeORM entities, raw SQL) writes to them once that schema leads the search
 * path, and the swap moves them into the live schema, so no index or constraint is ever renamed.
 */
export class ShadowTables {
  readonly schema: string;

  constructor(
    projection: string,
    private readonly tables: readonly string[],
    /** The schema the live tables are in (the connection's current schema). */
    private readonly liveSchema: string,
  ) {
    this.schema = `rebuild_${projection.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
  }

  /** Points unqualified table names at the shadow tables until the transaction ends. */
  async use(manager: EntityManager): Promise<void> {
    await manager.query(`SELECT set_config('search_path', $1, true)`, [`${ident(this.schema)}, ${ident(this.liveSchema)}`]);
  }

  /**
   * Drops what an interrupted replay left and creates empty copies. Plain indexes come later
   * (`addIndexes`): building them once over the loaded rows is much faster than keeping them up to
   * date row by row. Keys and unique constraints come now, the upserts rely on them.
   */
  async create(manager: EntityManager): Promise<void> {
    await this.drop(manager);
    await manager.query(`CREATE SCHEMA ${ident(this.schema)}`);
    for (const table of this.tables) {
      await manager.query(`CREATE TABLE ${this.shadow(table)} (LIKE ${this.live(table)} INCLUDING ALL EXCLUDING INDEXES)`);
      const constraints = (await manager.query<{ name: string; definition: string }[]>(
        `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
          WHERE conrelid = $1::regclass AND contype IN ('p', 'u', 'x', 'f') ORDER BY contype DESC, conname`,
        [this.live(table)],
      ));
      for (const { name, definition } of constraints) await manager.query(`ALTER TABLE ${this.shadow(table)} ADD CONSTRAINT ${ident(name)} ${definition}`);
    }
  }

  /** The live tables' other indexes, under the same names, on the shadow tables. */
  async addIndexes(manager: EntityManager): Promise<void> {
    for (const table of this.tables) {
      const indexes = (await manager.query<{ definition: string }[]>(
        `SELECT pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i
          WHERE i.indrelid = $1::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)`,
        [this.live(table)],
      ));
      for (const { definition } of indexes) {
        const on = ` ON ${this.live(table)} `;
        if (!definition.includes(on)) throw new Error(`Cannot copy index of ${table}: ${definition}`);
        await manager.query(definition.replace(on, ` ON ${this.shadow(table)} `));
      }
    }
  }

  /** Waits for the live tables' readers to finish; new ones queue behind until the transaction ends. */
  async lockLive(manager: EntityManager): Promise<void> {
    await manager.query(`LOCK TABLE ${this.tables.map((table) => this.live(table)).join(', ')} IN ACCESS EXCLUSIVE MODE`);
  }

  /**
   * Replaces the live tables by the shadow ones, inside the caller's transaction. Sequences owned by
   * live columns (serial) are handed over, since the copied defaults still draw from them.
   */
  async swap(manager: EntityManager): Promise<void> {
    for (const table of this.tables) {
      const sequences = (await manager.query<{ sequence: string; column: string }[]>(
        `SELECT d.objid::regclass::text AS sequence, a.attname AS column FROM pg_depend d
           JOIN pg_class s ON s.oid = d.objid AND s.relkind = 'S'
           JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
          WHERE d.refobjid = $1::regclass AND d.deptype = 'a'`,
        [this.live(table)],
      ));
      for (const { sequence } of sequences) await manager.query(`ALTER SEQUENCE ${sequence} OWNED BY NONE`);
      await manager.query(`DROP TABLE ${this.live(table)}`);
      await manager.query(`ALTER TABLE ${this.shadow(table)} SET SCHEMA ${ident(this.liveSchema)}`);
      for (const { sequence, column } of sequences) await manager.query(`ALTER SEQUENCE ${sequence} OWNED BY ${this.live(table)}.${ident(column)}`);
    }
    await manager.query(`DROP SCHEMA ${ident(this.schema)}`);
  }

  async drop(manager: EntityManager): Promise<void> {
    await manager.query(`DROP SCHEMA IF EXISTS ${ident(this.schema)} CASCADE`);
  }

  private live(table: string): string {
    return `${ident(this.liveSchema)}.${ident(table)}`;
  }

  private shadow(table: string): string {
    return `${ident(this.schema)}.${ident(table)}`;
  }
}

/** Quotes a name only when PostgreSQL would (as pg_get_indexdef prints it). */
function ident(name: string): string {
  return /^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`;
}
