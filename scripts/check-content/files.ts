/** Reads the content tree: every JSON file under flows/, rules/ and locales/, parsed. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Problem } from './problem.ts';

/** One parsed content file. */
export interface ContentFile {
  /** Path relative to the root, with forward slashes. */
  file: string;
  /** Absolute path. */
  absolute: string;
  /** The parsed JSON. */
  data: unknown;
}

/** The folders the check reads. */
export const CONTENT_FOLDERS = ['flows', 'rules', 'locales'] as const;

function walk(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? walk(path) : name.endsWith('.json') ? [path] : [];
    });
}

/** Reads and parses every JSON file; a file that does not parse is a problem and is left out. */
export function readContent(root: string, problems: Problem[]): ContentFile[] {
  const files: ContentFile[] = [];
  for (const folder of CONTENT_FOLDERS) {
    for (const absolute of walk(join(root, folder))) {
      const file = relative(root, absolute).split(sep).join('/');
      try {
        files.push({ file, absolute, data: JSON.parse(readFileSync(absolute, 'utf8')) });
      } catch (error) {
        problems.push({ file, pointer: '', message: `is not valid JSON: ${(error as Error).message}`, fix: 'Fix the JSON syntax.' });
      }
    }
  }
  return files;
}
