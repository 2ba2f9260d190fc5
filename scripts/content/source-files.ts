/** Source files of the repository, for the scripts that read what the code and the content spell out. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `folder` whose name matches `pattern`, leaving out generated code (a `generated` folder). */
export function sourceFiles(folder: string, pattern: RegExp): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sourceFiles(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}
