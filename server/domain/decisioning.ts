/**
 * Decisioning for the reference API: ordered rows of JSON Logic conditions from `rules/decisioning.json`.
 * The first row whose condition holds gives the outcome; no row means the file's default outcome.
 * The server adds two keys to the context: `market`, and `category` ({mcc, type}), the restriction type of
 * `company.segment` checked against `rules/categories.json` (see categoryType).
 */
import { evaluate, firstMatch, type Condition } from '../../engine/conditions/index.ts';
import { atPointer, type ApplicationDocument, type BoStatus, type Decision, type StepUpType } from './document.ts';

/** What a decision sets on the application. */
export interface Outcome {
  decision: Decision;
  stepUps: StepUpType[];
  boStatus: BoStatus;
  level: 'BASIC' | 'FULL';
}

/** One decisioning row. */
export interface DecisionRow {
  id: string;
  description: string;
  when?: Condition;
  outcome: Outcome;
}

/** A completeness rule: when `when` holds, every pointer in `fields` must be present. */
export interface RequiredRule {
  when?: Condition;
  fields: string[];
}

/** The contents of `rules/decisioning.json`. */
export interface DecisioningRules {
  description: string;
  required: RequiredRule[];
  rows: DecisionRow[];
  default: Outcome;
  fixtures?: Array<{ context: object; expect: string }>;
}

/** What rules/categories.json says about an MCC: the restriction types of the industries that use it. */
export interface CategoryFacts {
  mcc: string;
  types: string[];
}

const restrictiveness = ['REGULAR', 'PROHIBITED', 'SUPER_PROHIBITED'];

/**
 * The restriction type decisioning uses. Several industries share an MCC with different types (5999 is
 * REGULAR, PROHIBITED and SUPER_PROHIBITED), so the MCC alone cannot say. The browser's mccDetails.type
 * (from the chosen industry) is believed only when some industry with that MCC has that type; otherwise,
 * the most restrictive type of the MCC applies. An MCC unknown to the list is REGULAR.
 */
export function categoryType(facts: CategoryFacts | undefined, claimed: string | undefined): string {
  if (!facts || facts.types.length === 0) return 'REGULAR';
  if (claimed && facts.types.includes(claimed)) return claimed;
  return [...facts.types].sort((a, b) => restrictiveness.indexOf(b) - restrictiveness.indexOf(a))[0] ?? 'REGULAR';
}

/** The context conditions read: the document, its market and its looked-up category. */
export function decisionContext(
  doc: ApplicationDocument,
  market: string,
  lookupCategory: (mcc: string) => CategoryFacts | undefined,
): object {
  const segment = typeof doc.company.segment === 'string' ? doc.company.segment : undefined;
  const mccDetails = (doc.company.mccDetails ?? {}) as { type?: string };
  const facts = segment ? lookupCategory(segment) : undefined;
  return { ...doc, market, category: { mcc: segment, type: categoryType(facts, mccDetails.type) } };
}

/** The outcome of the first matching row, with the id of that row (`default` when none matched). */
export function decide(rules: DecisioningRules, context: object): { rowId: string; outcome: Outcome } {
  const row = firstMatch(rules.rows, context);
  return row ? { rowId: row.id, outcome: row.outcome } : { rowId: 'default', outcome: rules.default };
}

/** `present` as the shared operator defines it: not empty, not blank. */
function present(value: unknown): boolean {
  return evaluate({ present: [{ var: 'v' }] }, { v: value });
}

/** JSON pointers of required fields that are missing for this context (empty: complete). */
export function missingFields(rules: DecisioningRules, doc: ApplicationDocument, context: object): string[] {
  const missing: string[] = [];
  for (const rule of rules.required) {
    if (!evaluate(rule.when, context)) continue;
    for (const field of rule.fields)
      if (!present(atPointer(doc, field)) && !missing.includes(field)) missing.push(field);
  }
  return missing;
}
