/** The committed generated types are in step with schemas/, and a changed schema makes the check name the file. */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { staleFiles } from '../../../scripts/gen-types.ts';

const REPO = resolve(import.meta.dirname, '../../..');

describe('gen-types --check', () => {
  it('finds the committed engine/generated files in step', async () => {
    expect(await staleFiles(REPO)).toEqual([]);
  }, 30_000);

  it('names the stale file when a schema changes', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gen-types-'));
    cpSync(join(REPO, 'schemas'), join(root, 'schemas'), { recursive: true });
    cpSync(join(REPO, 'engine/generated'), join(root, 'engine/generated'), { recursive: true });
    const file = join(root, 'schemas/entities/offer.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    schema.properties.amount = { type: 'number', description: 'Offered amount.' };
    writeFileSync(file, JSON.stringify(schema));
    expect(await staleFiles(root)).toEqual([{ file: 'engine/generated/entities.ts', reason: 'differs' }]);
  }, 30_000);
});
