/**
 * Text searches ignore accents and case, on both sides: "Jose" finds "José García", "muller" finds
 * "Müller", "Café" finds "Cafe". Every search (the dashboard's transactions, the back-office's lists)
 * compares `folded` text (`foldedForScan` where no index serves it), and builds its LIKE pattern with
 * `foldedPattern`.
 *
 * `f_unaccent` is the IMMUTABLE wrapper around the unaccent extension (migrations 1700000001440 and
 * 1700000001480), so the folded text can be indexed: the transactions search's indexes are built on
 * `folded(<column>)` exactly, and a query must spell it the same way for PostgreSQL to use them.
 */

/** SQL: `expression` without accents, lower-cased (unaccent first: "É" → "E" → "e"), as the indexes hold it. */
export const folded = (expression: string): string => `lower(f_unaccent(${expression}))`;

/**
 * SQL: the same folded text, for a search no index serves (the back-office's lists read every row):
 * `unaccent` called directly, because PostgreSQL cannot inline the IMMUTABLE wrapper around a STABLE
 * function, and calling it costs a scan about twice as much (1.0–1.2 s instead of 0.4–0.6 s over
 * 1.1 million payments' names).
 */
export const foldedForScan = (expression: string): string => `lower(unaccent(${expression}))`;

/**
 * SQL: a LIKE pattern matching the folded `text` (an SQL parameter or expression) literally, at the
 * beginning (`prefix`) or anywhere (`contains`). The wildcards are escaped after folding: unaccent
 * turns the full-width "％", "＿" and "＼" into "%", "_" and "\", which must stay plain characters.
 * Given a constant or a parameter, PostgreSQL computes the pattern once, while planning, and a prefix
 * becomes a range of a text_pattern_ops index.
 */
export function foldedPattern(text: string, match: 'prefix' | 'contains'): string {
  const literal = `replace(replace(replace(${folded(text)}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
  return match === 'prefix' ? `${literal} || '%'` : `'%' || ${literal} || '%'`;
}
