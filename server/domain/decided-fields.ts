/**
 * The fields a decision rests on (rules/decided-fields.json, issue 23): once an application is decided, a change to
 * them is refused unless the spec opens them again (the basic-to-full upgrade, a pending step-up that asks for them).
 * Pure: the routes pass the document before and after the change and the pointers the request touched.
 */
import type { ApplicationDocument } from './document.ts';
import { atPointer } from './document.ts';
import { canonicalJson } from '../http/idempotency.ts';

/** rules/decided-fields.json */
export interface DecidedFieldsRules {
  decisions: string[];
  fields: string[];
  openWhileUpgrading: boolean;
  openedByStepUps: Record<string, string[]>;
}

const under = (pointer: string, prefix: string) => pointer === prefix || pointer.startsWith(`${prefix}/`);

/**
 * The pointers of locked fields that `after` changes, among those the request touched (`touched`: leaf pointers of
 * a PUT body, paths of a patch; a touched parent of a locked field counts for that field). Empty when the application
 * is not decided, or the field is open (upgrade in progress, or a pending step-up that opens it).
 */
export function lockedChanges(
  rules: DecidedFieldsRules | undefined,
  before: ApplicationDocument,
  after: ApplicationDocument,
  touched: string[],
): string[] {
  if (!rules) return [];
  const app = before.application as Record<string, unknown>;
  if (!rules.decisions.includes(String(app.decision))) return [];
  const upgrading =
    (before.application.applicationLevel === 'BASIC' && after.application.applicationLevel === 'FULL') ||
    (app.originalApplicationLevel === 'BASIC' && app.completed === false);
  if (rules.openWhileUpgrading && upgrading) return [];
  const pending = (before.application.stepUpDetails ?? []).map((s) => s.type);
  const open = pending.flatMap((type) => rules.openedByStepUps[type] ?? []);
  const changed = new Set<string>();
  for (const pointer of touched) {
    for (const field of rules.fields) {
      // The touched pointer is the locked field, inside it, or a parent of it: compare at the deeper of the two.
      const at = under(pointer, field) ? pointer : under(field, pointer) ? field : undefined;
      if (at === undefined || open.some((prefix) => under(at, prefix))) continue;
      if (canonicalJson(atPointer(before, at)) !== canonicalJson(atPointer(after, at))) changed.add(at);
    }
  }
  return [...changed];
}
