/**
 * An opaque page cursor: the last row's created_at and id, the order the lists' indexes keep. Only a
 * cursor this module wrote decodes: the date must be exactly what `toISOString` gives, because a
 * looser one (what `Date.parse` accepts) can still be a date PostgreSQL refuses, which was a 500.
 */
export function encodePageCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The cursor's position, or null when it is not one of ours. */
export function decodePageCursor(cursor: string): { createdAt: string; id: string } | null {
  const [createdAt, id, extra] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!createdAt || !id || extra !== undefined || !UUID.test(id) || !ISO_INSTANT.test(createdAt)) return null;
  const date = new Date(createdAt);
  // Rejects calendar overflow such as 2026-02-31, which the pattern lets through, and years before any
  // row of ours (year 0000 is one PostgreSQL does not have).
  if (Number.isNaN(date.getTime()) || date.getTime() < 0 || date.toISOString() !== createdAt) return null;
  return { createdAt, id };
}
