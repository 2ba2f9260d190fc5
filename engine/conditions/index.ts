/**
 * Conditions: one expression language (JSON Logic, via json-logic-js) for routing, variants and
 * visibility, plus a small set of named custom operators registered once here.
 *
 * Pure: no React, no DOM. Used by the browser engine, the server's decisioning and the content check.
 */
import jsonLogic from 'json-logic-js';
import { customOperators } from './operators.ts';

/** A JSON Logic expression (validated as data by schemas/content/condition.schema.json), or a constant. */
export type Condition = boolean | { [operator: string]: unknown };

let registered = false;
function ensureOperators(): void {
  if (registered) return;
  for (const [name, fn] of Object.entries(customOperators)) {
    jsonLogic.add_operation(name, fn as (...args: unknown[]) => unknown);
  }
  registered = true;
}

/** Evaluates a condition against a context. An absent condition is true (an unconditional row). */
export function evaluate(condition: Condition | undefined, context: object): boolean {
  if (condition === undefined) return true;
  ensureOperators();
  return jsonLogic.truthy(jsonLogic.apply(condition as jsonLogic.RulesLogic, context));
}

/** Evaluates an expression for its value (used by call body templates). */
export function compute(expression: unknown, context: object): unknown {
  ensureOperators();
  return jsonLogic.apply(expression as jsonLogic.RulesLogic, context);
}

/** Every variable path a condition reads, for the content check and flow lint. */
export function variablesOf(condition: unknown): string[] {
  ensureOperators();
  return jsonLogic.uses_data(condition as Record<string, unknown>) as string[];
}

export interface Row {
  when?: Condition;
}

/** The first row whose condition holds, or undefined. Tables are ordered; the first match wins. */
export function firstMatch<T extends Row>(rows: readonly T[], context: object): T | undefined {
  return rows.find((row) => evaluate(row.when, context));
}

export { customOperators };
