import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrations, untimed } from './index.js';

describe('migrations run without the app statement timeout', () => {
  it('lifts the timeout in the migration transaction before its own statements, under the same name', async () => {
    const queries: string[] = [];
    class Sample1700000009999 implements MigrationInterface {
      async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query('CREATE INDEX big ON payments (id)');
      }
      async down(): Promise<void> {}
    }
    const Wrapped = untimed(Sample1700000009999);
    await new Wrapped().up({ query: async (sql: string) => void queries.push(sql) } as unknown as QueryRunner);
    expect(queries).toEqual(['SET LOCAL statement_timeout = 0', 'CREATE INDEX big ON payments (id)']);
    expect(Wrapped.name).toBe('Sample1700000009999');
  });

  it('applies to every migration the app runs', () => {
    for (const migration of migrations) expect(migration.name).toMatch(/\d{13}$/);
    expect(new Set(migrations.map((m) => m.name)).size).toBe(migrations.length);
  });
});
