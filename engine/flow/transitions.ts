/**
 * Where to go next: a screen's ordered rows (`next` or `onError`), each `{when?, to}`, `{when?, table}` or
 * `{when?, stay: true}`; a table's rows have the same shape and may name further tables. The first row that holds
 * wins. Pure.
 */
import { compute, evaluate } from '../conditions/index.ts';
import type { TransitionRow } from '../content/types.ts';

/**
 * The row that decides, followed through routing tables: the first holding row that goes to a screen (`to`) or
 * keeps the applicant where they are (`stay`), with the rows that led to it (`via`: the screen's row naming a table,
 * then each table's row naming the next), outermost first. Undefined when no row holds.
 */
export function decidingRow(
  rows: readonly TransitionRow[] | undefined,
  context: object,
  tables: Record<string, { rows: readonly TransitionRow[] }>,
  depth = 0,
): { row: TransitionRow; via: TransitionRow[] } | undefined {
  if (depth > 16) throw new Error('routing tables refer to each other in a loop');
  for (const row of rows ?? []) {
    if (!evaluate(row.when, context)) continue;
    if (row.to || row.stay === true) return { row, via: [] };
    if (row.table) {
      const table = tables[row.table];
      if (!table) throw new Error(`unknown routing table ${row.table}`);
      const found = decidingRow(table.rows, context, tables, depth + 1);
      if (found) return { row: found.row, via: [row, ...found.via] };
    }
  }
  return undefined;
}

/** The screen the deciding row goes to; undefined when no row holds or the row that holds stays. */
export function nextScreen(
  rows: readonly TransitionRow[] | undefined,
  context: object,
  tables: Record<string, { rows: readonly TransitionRow[] }>,
): string | undefined {
  return decidingRow(rows, context, tables)?.row.to;
}

/**
 * The query string a row adds to its target's address (`?a=1&b=2`, or ''): each value is a fixed string or a
 * JSON Logic expression over the context (to carry a value on, such as a partner's invitation token); a value that
 * comes out empty, null or not a string or number leaves its parameter out.
 */
export function queryFor(row: Pick<TransitionRow, 'query'> | undefined, context: object): string {
  const params = new URLSearchParams();
  for (const [name, template] of Object.entries(row?.query ?? {})) {
    const value =
      typeof template === 'string' ? template : template === undefined ? undefined : compute(template, context);
    if ((typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value)))
      params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}
