import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { changedBy, ReadCache, type ReadCacheStats } from './pglite-cache.ts';
import type { Database } from './types.ts';

/** The read cache of each open PGlite database (pglite-cache.ts), for tests and benchmarks to look at. */
const caches = new WeakMap<Database, ReadCache>();

/** How the read cache of a PGlite database has answered; undefined for a database without one (PostgreSQL). */
export function readCacheFigures(db: Database): ReadCacheStats | undefined {
  return caches.get(db)?.figures();
}

/**
 * Opens embedded PostgreSQL (PGlite) in `dataDir`, or in memory when absent.
 * PGlite holds one connection and queues queries itself; transactions hold it exclusively, so keep them short.
 * Reads of the session and the application come from a read cache that every write through this wrapper keeps
 * coherent (pglite-cache.ts): only this process can open the data folder, so no write can bypass it.
 */
export async function openPglite(dataDir?: string, template?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = dataDir ? await PGlite.create(dataDir) : await PGlite.create(template ? { loadDataDir: template } : {});
  const cache = new ReadCache();

  /** Runs a statement that is not a cached read: drops what it may change, before it runs and after. */
  const write = async <T>(q: Pick<PGlite, 'query'>, sql: string, params: unknown[]): Promise<T[]> => {
    const changed = changedBy(sql, params);
    if (changed) cache.drop(changed);
    try {
      return (await q.query<T>(sql, params)).rows;
    } finally {
      if (changed) cache.drop(changed);
    }
  };

  const database: Database = {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      if (cache.answers(sql))
        return {
          rows: (await cache.read(
            sql,
            params,
            async () => (await db.query<Record<string, unknown>>(sql, params)).rows,
          )) as T[],
        };
      return { rows: await write<T>(db, sql, params) };
    },
    async exec(sql: string) {
      cache.drop('all');
      try {
        await db.exec(sql);
      } finally {
        cache.drop('all');
      }
    },
    async transaction(work) {
      // Reads inside a transaction go to the database (they may see its own uncommitted writes) and fill nothing;
      // its writes drop what they change at once and again when it ends, committed or rolled back.
      const changed = new Set<string>();
      let all = false;
      const note = (change: string[] | 'all' | undefined) => {
        if (change === 'all') all = true;
        else for (const tag of change ?? []) changed.add(tag);
      };
      try {
        return await db.transaction((inner) =>
          work({
            async query<T>(sql: string, params: unknown[] = []) {
              note(changedBy(sql, params));
              return { rows: await write<T>(inner, sql, params) };
            },
            async exec(sql: string) {
              note('all');
              cache.drop('all');
              await inner.exec(sql);
            },
          }),
        );
      } finally {
        if (all) cache.drop('all');
        else if (changed.size > 0) cache.drop([...changed]);
      }
    },
    close: async () => {
      cache.drop('all');
      await db.close();
    },
    dump: () => db.dumpDataDir('none'),
  };
  caches.set(database, cache);
  return database;
}
