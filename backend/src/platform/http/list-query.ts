import { z, type ZodType } from 'zod';
import { foldedForScan, foldedPattern } from '../database/accent-free.js';
import { DomainError } from '../domain-error.js';
import { assertSafeText, toFieldErrors } from './zod-validation.js';

/** The largest page a staff list serves in one answer. */
export const MAX_PAGE_SIZE = 1000;

export type SortOrder = 'ASC' | 'DESC';

export interface ListQuery<Filter> {
  /** `column` is the SQL column the field sorts by, looked up in `sortColumns`. */
  sort: { field: string; column: string; order: SortOrder };
  /** Inclusive bounds; without `range` in the query, the first MAX_PAGE_SIZE records. */
  range: { start: number; end: number };
  filter: Filter;
}

export interface ListQueryOptions<F extends ZodType> {
  /** Sortable field → SQL column; a field not listed here is a 400. */
  sortColumns: Readonly<Record<string, string>>;
  defaultSort: { field: string; order: SortOrder };
  /** Validates the decoded filter object; unknown keys should be rejected, not ignored. */
  filter: F;
}

const invalid = (field: string, message: string) => DomainError.validation([{ field, message }]);

function jsonParam(query: Record<string, unknown>, name: string, example: string): unknown {
  const raw = query[name];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw invalid(name, `${name} must be given once, as JSON like ${example}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalid(name, `${name} must be JSON like ${example}`);
  }
  assertSafeText(parsed, name);
  return parsed;
}

/** What a staff list reads from its query string; anything else (a `limit`, a `page`) would be silently ignored. */
const LIST_PARAMS = ['sort', 'range', 'filter'];

const sortSchema = z.tuple([z.string(), z.string().transform((order) => order.toUpperCase()).pipe(z.enum(['ASC', 'DESC']))]);
const rangeSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]).refine(([start, end]) => end >= start);

/**
 * The ra-data-simple-rest convention: `sort=["createdAt","DESC"]`, `range=[0,24]`, `filter={"q":"…"}`,
 * each JSON in the query string. Anything malformed is a 400, never a server error.
 */
export function parseListQuery<F extends ZodType>(query: Record<string, unknown>, options: ListQueryOptions<F>): ListQuery<z.output<F>> {
  const unknownParam = Object.keys(query).find((name) => !LIST_PARAMS.includes(name));
  if (unknownParam !== undefined) {
    throw invalid(unknownParam, `Unknown query parameter "${unknownParam}": lists take sort, range and filter, each as JSON, like range=[0,24] for the first 25`);
  }
  const sortExample = `["${options.defaultSort.field}","${options.defaultSort.order}"]`;
  const sortInput = jsonParam(query, 'sort', sortExample);
  const columnOf = (field: string) => (Object.hasOwn(options.sortColumns, field) ? options.sortColumns[field] : undefined);
  const defaultColumn = columnOf(options.defaultSort.field);
  if (defaultColumn === undefined) throw new Error(`Default sort field "${options.defaultSort.field}" has no column in sortColumns`);
  let sort = { ...options.defaultSort, column: defaultColumn };
  if (sortInput !== undefined) {
    const parsed = sortSchema.safeParse(sortInput);
    if (!parsed.success) throw invalid('sort', `sort must be JSON like ${sortExample}`);
    const [field, order] = parsed.data;
    const column = columnOf(field);
    if (column === undefined) throw invalid('sort', `Cannot sort by "${field}"; sort by one of ${Object.keys(options.sortColumns).join(', ')}`);
    sort = { field, column, order };
  }

  const rangeInput = jsonParam(query, 'range', '[0,24]');
  let range: ListQuery<unknown>['range'] = { start: 0, end: MAX_PAGE_SIZE - 1 };
  if (rangeInput !== undefined) {
    const parsed = rangeSchema.safeParse(rangeInput);
    if (!parsed.success) throw invalid('range', 'range must be JSON like [0,24]: two whole numbers, the second not below the first');
    const [start, end] = parsed.data;
    if (end - start + 1 > MAX_PAGE_SIZE) throw invalid('range', `range may span at most ${MAX_PAGE_SIZE} records`);
    range = { start, end };
  }

  const filterInput = jsonParam(query, 'filter', '{"q":"acme"}') ?? {};
  if (typeof filterInput !== 'object' || filterInput === null || Array.isArray(filterInput)) {
    throw invalid('filter', 'filter must be a JSON object like {"q":"acme"}');
  }
  const filter = options.filter.safeParse(filterInput);
  if (!filter.success) throw DomainError.validation(toFieldErrors(filter.error).map((e) => ({ ...e, field: e.field === '(body)' ? 'filter' : `filter.${e.field}` })));
  return { sort, range, filter: filter.data };
}

/**
 * Every staff list in one call (ra-data-simple-rest): parse sort/range/filter, let the feature's query
 * fetch the page, answer its rows with `Content-Range` carrying the total.
 */
export async function answerList<F extends ZodType, Row>(
  query: Record<string, unknown>,
  reply: { header(name: string, value: string): unknown },
  options: ListQueryOptions<F> & { resource: string },
  fetchPage: (listQuery: ListQuery<z.output<F>>) => Promise<{ rows: Row[]; total: number }>,
): Promise<Row[]> {
  const listQuery = parseListQuery(query, options);
  const { rows, total } = await fetchPage(listQuery);
  reply.header('Content-Range', contentRange(options.resource, listQuery.range.start, rows.length, total));
  return rows;
}

/** `Content-Range: applications 0-24/123`, as ra-data-simple-rest reads the total from it. */
function contentRange(resource: string, start: number, count: number, total: number): string {
  return count === 0 ? `${resource} */${total}` : `${resource} ${start}-${start + count - 1}/${total}`;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%". */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * SQL: `column` contains the search text as typed, in `:searchText`, accents and case ignored on both
 * sides, so a staff member typing "Cafe" finds "Café Ltd" and "Café" finds "Cafe" (the folding of the
 * dashboard's transactions search: platform/database/accent-free.ts). Not named `:text`: TypeORM would
 * take the `::text` of a cast for it.
 */
export const accentFreeMatch = (column: string): string => `${foldedForScan(column)} LIKE ${foldedPattern(':searchText', 'contains')}`;

/**
 * SQL: `column` ordered as people read names, for a list's sort on a human-readable text (a company
 * name). The database's collation is C, byte order: "Zeta" before "alpha" and "Élan" after both, where
 * `lower()` mended the case only. ICU's root collation ("und-x-icu", there when PostgreSQL is built with
 * ICU, as the embedded server and the official images are) compares letters first, then accents, then
 * case: alpha, Beta, elan, Élan, Zeta. No index serves these sorts (a page of a staff list reads and
 * sorts every matching row, a top-N sort), so none is lost; a C-collated index would not serve it.
 */
export const humanTextOrder = (column: string): string => `${column} COLLATE "und-x-icu"`;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** react-admin's getMany sends filter={"id":[…]}; ids that are not uuids can match nothing. */
export const idFilterSchema = z
  .union([z.string(), z.array(z.string())], { error: 'id must be an id or a list of ids' })
  .transform((value) => (Array.isArray(value) ? value : [value]).filter((id) => UUID_PATTERN.test(id)));
