/**
 * `npm run check:content`: validates every file in flows/, rules/ and locales/ against its meta-schema and
 * cross-checks references, routing tables, reachability and message keys. Prints each problem with its file,
 * JSON pointer and fix; exits 1 if there is any. `checkContent` is the pure entry for tests.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkContent } from './check.ts';

export { checkContent } from './check.ts';
export type { Problem } from './problem.ts';

async function main(): Promise<void> {
  const root = process.argv[2]
    ? resolve(process.argv[2])
    : resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const problems = await checkContent(root);
  for (const problem of problems) {
    console.error(`${problem.file}#${problem.pointer}: ${problem.message}\n  fix: ${problem.fix}`);
  }
  if (problems.length > 0) {
    console.error(`\n${problems.length} content problem${problems.length === 1 ? '' : 's'}.`);
    process.exit(1);
  }
  console.log('Content check passed.');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
