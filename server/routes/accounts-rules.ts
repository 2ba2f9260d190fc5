/** rules/accounts.json for the API's account routes, read once (the same rules the browser uses). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AccountsRules } from '../../domain/accounts.ts';
import { repoRoot } from '../paths.ts';

let cached: AccountsRules | undefined;

/** The accounts rules of the repository's content. */
export function accountsRules(root: string = repoRoot): AccountsRules {
  cached ??= JSON.parse(readFileSync(join(root, 'rules', 'accounts.json'), 'utf8')) as AccountsRules;
  return cached;
}
