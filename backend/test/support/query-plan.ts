/** A plan node of `EXPLAIN (ANALYZE, FORMAT JSON)`. */
export type PlanNode = Record<string, unknown>;

/** Rows a plan's scans of `table` read: those returned plus those a filter threw away. */
export function rowsRead(plan: PlanNode, table: string): number {
  const own = plan['Relation Name'] === table ? Number(plan['Actual Rows']) * Number(plan['Actual Loops']) + Number(plan['Rows Removed by Filter'] ?? 0) : 0;
  return own + ((plan.Plans as PlanNode[] | undefined) ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0);
}

/** The indexes a plan reads, each once, in plan order. */
export function indexesUsed(plan: PlanNode): string[] {
  const own = typeof plan['Index Name'] === 'string' ? [plan['Index Name']] : [];
  return [...new Set([...own, ...((plan.Plans as PlanNode[] | undefined) ?? []).flatMap(indexesUsed)])];
}
