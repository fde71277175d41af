import { decodePageCursor, encodePageCursor } from './page-cursor.js';

const id = '5b20a795-8cd5-4c78-80c9-7e96793feb12';
const crafted = (text: string) => Buffer.from(text).toString('base64url');

describe('page cursors', () => {
  it('decode to the position they were made from', () => {
    const createdAt = new Date('2026-11-27T07:30:00.123Z');
    expect(decodePageCursor(encodePageCursor(createdAt, id))).toEqual({ createdAt: '2026-11-27T07:30:00.123Z', id });
  });

  it.each([
    ['a date without time', `2026-11-27|${id}`],
    ['a year only (Date.parse takes it)', `2026|${id}`],
    ['year zero (PostgreSQL refuses it)', `0000-01-01T00:00:00.000Z|${id}`],
    ['an extended year', `+275760-09-13T00:00:00.000Z|${id}`],
    ['a day the month does not have', `2026-02-31T00:00:00.000Z|${id}`],
    ['another time zone', `2026-11-27T07:30:00.123+01:00|${id}`],
    ['no id', '2026-11-27T07:30:00.123Z|'],
    ['an id that is not a uuid', '2026-11-27T07:30:00.123Z|1 OR 1=1'],
    ['a third part', `2026-11-27T07:30:00.123Z|${id}|x`],
  ])('refuse %s', (_, text) => {
    expect(decodePageCursor(crafted(text))).toBeNull();
  });
});
