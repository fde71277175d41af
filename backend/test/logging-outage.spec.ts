import { describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestApp } from './support/app.js';
import { LogCapture } from './support/log-capture.js';
import { eventually } from './support/onboarding.js';

// A file of its own: nestjs-pino keeps one root logger per process, so a second app in logging.spec.ts
// would write to the first one's capture.
describe('logging while the database does not answer', () => {
  it('logs a 503 as a warning, without a made-up error and its stack', async () => {
    const capture = new LogCapture();
    // One connection, held by a query that takes 8 s: to the health probe, a database that does not answer.
    const t = await createTestApp({ LOG_LEVEL: 'info', DB_POOL_MAX: '1', RUN_PROCESSORS: 'false' }, { logStream: capture });
    try {
      const busy = t.app.get(DataSource).query('SELECT pg_sleep(8)');
      const health = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'health-while-down-1' } });
      expect(health.statusCode).toBe(503);
      await busy;
      const lineOf = () => capture.lines.map((text) => JSON.parse(text) as { level: number; msg: string; err?: unknown; req?: { id?: string } }).find((r) => r.req?.id === 'health-while-down-1');
      // The line is written when the answer has finished going out, which may be after inject() resolved.
      await eventually(async () => lineOf() !== undefined);
      const line = lineOf();
      expect(line).toMatchObject({ level: 40, msg: 'request answered 503' });
      expect(line).not.toHaveProperty('err');
    } finally {
      await t.close();
    }
  });
});
