import { describe, expect, it } from '@jest/globals';
import { backoffMs, isTransient } from './transient-errors.js';

describe('isTransient', () => {
  it.each([
    ['admin shutdown', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['serialization failure', Object.assign(new Error('could not serialize access'), { code: '40001' })],
    ['deadlock', Object.assign(new Error('deadlock detected'), { code: '40P01' })],
    ['connection exception class', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['dropped socket', new Error('Connection terminated unexpectedly')],
    ['wrapped by TypeORM', Object.assign(new Error('query failed'), { driverError: { code: '57P01', message: 'x' } })],
    ['as a cause', new Error('handler failed', { cause: Object.assign(new Error('x'), { code: '40P01' }) })],
  ])('retries %s', (_, error) => {
    expect(isTransient(error)).toBe(true);
  });

  it.each([
    ['a bug in the handler', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a constraint violation', Object.assign(new Error('duplicate key value'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error at or near'), { code: '42601' })],
    ['a thrown string', 'nope'],
  ])('does not retry forever on %s', (_, error) => {
    expect(isTransient(error)).toBe(false);
  });
});

describe('backoffMs', () => {
  it('grows exponentially, jittered within [half, full] of the ceiling, and is capped', () => {
    for (let i = 0; i < 50; i++) {
      expect(backoffMs(1, 100, 1_000)).toBeGreaterThanOrEqual(50);
      expect(backoffMs(1, 100, 1_000)).toBeLessThanOrEqual(100);
      expect(backoffMs(3, 100, 1_000)).toBeGreaterThanOrEqual(200);
      expect(backoffMs(3, 100, 1_000)).toBeLessThanOrEqual(400);
      expect(backoffMs(30, 100, 1_000)).toBeLessThanOrEqual(1_000);
      expect(backoffMs(30, 100, 1_000)).toBeGreaterThanOrEqual(500);
    }
  });
});
