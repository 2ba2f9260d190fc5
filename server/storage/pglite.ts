import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './types.ts';

/**
 * Opens embedded PostgreSQL (PGlite) in `dataDir`, or in memory when absent.
 * PGlite holds one connection and queues queries itself; transactions hold it exclusively, so keep them short.
 */
export async function openPglite(dataDir?: string, template?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = dataDir ? await PGlite.create(dataDir) : await PGlite.create(template ? { loadDataDir: template } : {});
  const wrap = (q: { query: PGlite['query']; exec: PGlite['exec'] }): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await q.query<T>(sql, params);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(db);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (work) => db.transaction((tx) => work(wrap(tx as unknown as PGlite))),
    close: () => db.close(),
    dump: () => db.dumpDataDir('none'),
  };
}
