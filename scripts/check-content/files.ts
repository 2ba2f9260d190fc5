/** Reads the content tree: every JSON file under flows/, rules/ and locales/, parsed. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Problem } from './problem.ts';
import { expandNamedConditions } from './named-conditions.ts';

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

/** Where a JSON text stops being JSON (a small recursive-descent scan), as a match-like [_, offset]; undefined when it parses. */
function errorOffset(text: string): [string, string] | undefined {
  let at = 0;
  const fail = (): never => {
    throw at;
  };
  const space = (): void => {
    while (at < text.length && ' \t\r\n'.includes(text[at])) at++;
  };
  const literal = (word: string): void => {
    if (text.startsWith(word, at)) at += word.length;
    else fail();
  };
  const string = (): void => {
    if (text[at] !== '"') fail();
    at++;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    if (at >= text.length) fail();
    at++;
  };
  const value = (): void => {
    space();
    const char = text[at];
    if (char === '{') {
      at++;
      space();
      if (text[at] === '}') return void at++;
      for (;;) {
        space();
        string();
        space();
        literal(':');
        value();
        space();
        if (text[at] === ',') at++;
        else if (text[at] === '}') return void at++;
        else fail();
      }
    }
    if (char === '[') {
      at++;
      space();
      if (text[at] === ']') return void at++;
      for (;;) {
        value();
        space();
        if (text[at] === ',') at++;
        else if (text[at] === ']') return void at++;
        else fail();
      }
    }
    if (char === '"') return string();
    const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at));
    if (number) return void (at += number[0].length);
    for (const word of ['true', 'false', 'null']) if (text.startsWith(word, at)) return void (at += word.length);
    fail();
  };
  try {
    value();
    space();
    if (at < text.length) fail();
    return undefined;
  } catch (offset) {
    return ['', String(offset)];
  }
}

/** The line and column (from 1) of the position a JSON.parse error names, if it names one. */
export function lineAndColumn(text: string, message: string): { line: number; column: number } | undefined {
  const match = /position (\d+)/.exec(message) ?? /line (\d+) column (\d+)/.exec(message) ?? errorOffset(text);
  if (!match) return undefined;
  if (match.length === 3) return { line: Number(match[1]), column: Number(match[2]) };
  const before = text.slice(0, Number(match[1]));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/**
 * Reads and parses every JSON file; a file that does not parse is a problem and is left out. Named conditions
 * (`{"condition": "<name>"}`, rules/conditions.json) are expanded, as the content loader and the server expand them.
 */
export function readContent(root: string, problems: Problem[]): ContentFile[] {
  const files: ContentFile[] = [];
  for (const folder of CONTENT_FOLDERS) {
    for (const absolute of walk(join(root, folder))) {
      const file = relative(root, absolute).split(sep).join('/');
      const text = readFileSync(absolute, 'utf8');
      try {
        files.push({ file, absolute, data: JSON.parse(text) });
      } catch (error) {
        const where = lineAndColumn(text, (error as Error).message);
        problems.push({
          file,
          pointer: '',
          // The parser's own words differ between Node versions; the place does not.
          message: where
            ? `is not valid JSON at line ${where.line}, column ${where.column}`
            : `is not valid JSON: ${(error as Error).message}`,
          fix: where
            ? `Fix the JSON syntax at line ${where.line}, column ${where.column} (a missing or extra comma, quote or bracket is the usual cause).`
            : 'Fix the JSON syntax.',
        });
      }
    }
  }
  return expandNamedConditions(files, problems);
}
