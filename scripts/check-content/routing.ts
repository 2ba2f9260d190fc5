/** Routing tables: each fixture's first matching row (following nested tables) must give the fixture's `expect`. */
import { firstMatch, type Row } from '../../engine/conditions/index.ts';
import type { ContentModel, Obj } from './model.ts';
import { asArray, asObject } from './model.ts';
import { pointer, type Problem } from './problem.ts';
import { derivedContext } from './shell.ts';

type TableRow = Row & { to?: string; table?: string; stay?: boolean };

/** What a table chooses: a screen, a stay (doc1 §4.3 row 5), or null when no row holds. */
export type Choice = string | { stay: true } | null;

/**
 * The screen a table's rows choose for a context: the first matching row's `to`, `{stay: true}` for a row that stays,
 * or its table's choice (a table choosing nothing lets the rows after it decide, as the engine does); null if none.
 */
export function choose(model: ContentModel, name: string, context: object, depth = 0): { to: Choice; row: number } {
  const table = model.tables.get(name);
  if (!table) throw new Error(`routing table "${name}" does not exist`);
  if (depth > 16) throw new Error('routing tables refer to each other in a loop');
  const rows = asArray(table.data.rows) as TableRow[];
  let from = 0;
  for (;;) {
    const match = firstMatch(rows.slice(from), context);
    if (!match) return { to: null, row: -1 };
    const row = rows.indexOf(match, from);
    if (typeof match.to === 'string') return { to: match.to, row };
    if (match.stay === true) return { to: { stay: true }, row };
    if (typeof match.table === 'string') {
      const inner = choose(model, match.table, context, depth + 1).to;
      if (inner !== null) return { to: inner, row };
    }
    from = row + 1;
  }
}

/** Evaluates every fixture of every routing table, with the shell's derived values placed (rules/shell.json). */
export function checkRoutingTables(model: ContentModel, problems: Problem[]): void {
  // One mistake, one message: a table (or a table it follows) whose condition is already reported broken would fail
  // its fixtures because of it; the condition's message is the cause, its fixtures' failures are not repeated.
  const broken = new Set(
    problems.filter((problem) => /^\/rows\/\d+\/when/.test(problem.pointer)).map((problem) => problem.file),
  );
  const follows = (name: string, seen = new Set<string>()): boolean => {
    if (seen.has(name)) return false;
    seen.add(name);
    const table = model.tables.get(name);
    if (!table) return false;
    if (broken.has(table.file)) return true;
    return asArray(table.data.rows).some(
      (row) => typeof asObject(row)?.table === 'string' && follows(asObject(row)?.table as string, seen),
    );
  };
  for (const [name, { file, data }] of model.tables) {
    if (follows(name)) continue;
    asArray(data.fixtures).forEach((fixture, index) => {
      const object = asObject(fixture) as Obj | undefined;
      if (!object || !asObject(object.context) || !('expect' in object)) return;
      try {
        const { to, row } = choose(model, name, derivedContext(model, object.context as object));
        if (JSON.stringify(to) !== JSON.stringify(object.expect)) {
          problems.push({
            file,
            pointer: pointer('fixtures', index, 'expect'),
            message: `fixture ${index} expects ${JSON.stringify(object.expect)} but the table gives ${JSON.stringify(to)}${row >= 0 ? ` (first matching row: /rows/${row})` : ' (no row matches)'}`,
            fix: 'Correct the rows (order matters: the first row that holds wins) or the fixture.',
          });
        }
      } catch (error) {
        problems.push({
          file,
          pointer: pointer('fixtures', index),
          message: `fixture ${index} cannot be evaluated: ${(error as Error).message}`,
          fix: 'Correct the rows or the fixture context.',
        });
      }
    });
  }
}
