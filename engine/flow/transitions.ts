/**
 * Where to go next: a screen's ordered rows (`next` or `onError`), each `{when?, to}` or `{when?, table}`; a
 * table's rows have the same shape and may name further tables. The first row that holds wins. Pure.
 */
import { evaluate } from '../conditions/index.ts';
import type { TransitionRow } from '../content/types.ts';

export function nextScreen(
  rows: readonly TransitionRow[] | undefined,
  context: object,
  tables: Record<string, { rows: readonly TransitionRow[] }>,
  depth = 0,
): string | undefined {
  if (depth > 16) throw new Error('routing tables refer to each other in a loop');
  for (const row of rows ?? []) {
    if (!evaluate(row.when, context)) continue;
    if (row.to) return row.to;
    if (row.table) {
      const table = tables[row.table];
      if (!table) throw new Error(`unknown routing table ${row.table}`);
      const target = nextScreen(table.rows, context, tables, depth + 1);
      if (target) return target;
    }
  }
  return undefined;
}
