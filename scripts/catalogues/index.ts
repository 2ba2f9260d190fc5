/**
 * `npm run catalogues:report [-- --json]`: the localisers' report (report.ts) for every locale: missing,
 * untranslated, unused keys and MessageFormat 2 errors, each with where to fix it. Exits 1 when something must be
 * fixed (unused keys are listed only). The pseudo-locale en-XA (pseudo.ts) is served by `npm run dev`.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueReport, formatReport, hasErrors } from './report.ts';

export { catalogueReport, formatReport, hasErrors, variableProblems, screenKeys, SAME_AS_SOURCE } from './report.ts';
export type { CatalogueReport, LocaleReport } from './report.ts';
export { pseudoCatalogue, pseudoMessage, pseudoText, PSEUDO_LOCALE } from './pseudo.ts';
export { variablesOfMessage } from './variables.ts';

function main(): void {
  const args = process.argv.slice(2);
  const root =
    args.find((arg) => !arg.startsWith('--')) ?? resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const report = catalogueReport(resolve(root));
  console.log(args.includes('--json') ? JSON.stringify(report, null, 2) : formatReport(report));
  if (hasErrors(report)) process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
