/**
 * Builds a content tree for a test in a temporary folder: tests/fixtures/content-good, with a broken case from
 * tests/fixtures/content-broken/<case>/ laid over it (its files replace or add to the good ones), and `schemas`
 * linked to the repository's schemas/ so `$schema` paths resolve as in the real tree.
 */
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '../../..');
const FIXTURES = join(REPO, 'tests/fixtures');

/** A temporary content tree: the good tree, or the good tree with a broken case laid over it. */
export function tree(brokenCase?: string): string {
  const root = mkdtempSync(join(tmpdir(), 'content-'));
  cpSync(join(FIXTURES, 'content-good'), root, { recursive: true });
  if (brokenCase) cpSync(join(FIXTURES, 'content-broken', brokenCase), root, { recursive: true });
  symlinkSync(join(REPO, 'schemas'), join(root, 'schemas'), 'dir');
  return root;
}
