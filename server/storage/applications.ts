import type { Database, Queryable } from './types.ts';

/** A stored application: its owner and its document (doc1 §3). */
export interface ApplicationRow<D = Record<string, unknown>> {
  id: string;
  ownerId: string;
  document: D;
  /**
   * The document as the database's text, when the read asked for text (PostgreSQL's batched session read,
   * sessions.ts): `document` is then parsed from it on first use, and anything that is a function of the document
   * alone (GET's answer) may be keyed by it.
   */
  documentText?: string;
  /**
   * The row version this read saw (PostgreSQL's `xmin`, as text: the transaction that last wrote the row; every write
   * gives the row a new one), when the read asked for it (the session reads, sessions.ts). A change computed from this
   * read is saved only if the row still has it (updateApplicationAsRead).
   */
  version?: string;
}

/** An application row as the database answers it. */
export interface RawApplicationRow {
  id: string;
  owner_id: string;
  document: unknown;
  version?: string | null;
}
type RawRow = RawApplicationRow;

/** The statements the PGlite read cache (pglite-cache.ts) serves or is told about: one text each. */
export const applicationSql = {
  find: 'SELECT id, owner_id, document FROM applications WHERE id = $1',
  insert: 'INSERT INTO applications (id, owner_id, document) VALUES ($1, $2, $3::jsonb)',
  saveDocument: 'UPDATE applications SET document = $2::jsonb, updated_at = now() WHERE id = $1',
  /** saveDocument, only if the row is still the version `$3` that the change was computed from; answers a row if saved. */
  saveIfUnchanged:
    'UPDATE applications SET document = $2::jsonb, updated_at = now() WHERE id = $1 AND xmin = $3::xid RETURNING id',
  /**
   * createApplication with an idempotency key, in one statement (one round trip, atomic as one): the key's earlier
   * application if the key was used ($4 by $2), else the new application ($1, $2, $3) and the key for it ($5 the
   * request's fingerprint). The first row answers: `created` true for a new one, else false with the earlier row. A
   * concurrent create with the same key fails on the key's primary key (23505, the caller tries again and finds the
   * winner's) and inserts nothing.
   */
  createWithKey:
    'WITH prior AS (SELECT k.request_hash, a.id, a.owner_id, a.document FROM idempotency_keys k ' +
    'LEFT JOIN applications a ON a.id = k.application_id WHERE k.user_id = $2::uuid AND k.key = $4::text), ' +
    'made AS (INSERT INTO applications (id, owner_id, document) SELECT $1::text, $2::uuid, $3::jsonb ' +
    'WHERE NOT EXISTS (SELECT 1 FROM prior) RETURNING id), ' +
    'keyed AS (INSERT INTO idempotency_keys (user_id, key, application_id, request_hash) ' +
    'SELECT $2::uuid, $4::text, made.id, $5::text FROM made) ' +
    'SELECT false AS created, request_hash, id, owner_id, document FROM prior ' +
    'UNION ALL SELECT true, NULL, id, NULL, NULL FROM made',
} as const;

/** An application row from the database's answer. */
export function applicationFromRaw<D>(row: RawRow): ApplicationRow<D> {
  // pg parses jsonb; PGlite too. A string is a read that asked for the text (`document::text`): kept, and parsed
  // only when the document is used (an access check reads the owner alone; GET may answer from the text).
  const version = typeof row.version === 'string' ? { version: row.version } : {};
  if (typeof row.document !== 'string')
    return { id: row.id, ownerId: row.owner_id, document: row.document as D, ...version };
  const text = row.document;
  let parsed: D | undefined;
  const lazy: ApplicationRow<D> = {
    id: row.id,
    ownerId: row.owner_id,
    ...version,
    documentText: text,
    get document(): D {
      parsed ??= JSON.parse(text) as D;
      return parsed;
    },
    set document(value: D) {
      parsed = value;
      delete lazy.documentText; // no longer the text's document
    },
  };
  return lazy;
}

/** Reads one application, or undefined. `forUpdate` locks the row inside a transaction. */
export async function findApplication<D>(
  db: Queryable,
  id: string,
  forUpdate = false,
): Promise<ApplicationRow<D> | undefined> {
  const { rows } = await db.query<RawRow>(forUpdate ? `${applicationSql.find} FOR UPDATE` : applicationSql.find, [id]);
  return rows[0] ? applicationFromRaw<D>(rows[0]) : undefined;
}

/**
 * Creates an application, honouring an idempotency key: when `(ownerId, key)` was used before, the
 * earlier application is returned and nothing new is stored. One statement (applicationSql.createWithKey).
 */
export async function createApplication<D>(
  db: Database,
  row: ApplicationRow<D>,
  idempotencyKey?: string,
  requestHash?: string,
): Promise<{ application: ApplicationRow<D>; created: boolean; keyReused?: true }> {
  try {
    return await createOnce(db, row, idempotencyKey, requestHash);
  } catch (error) {
    // Lost a race with a concurrent create using the same key: the winner's application is now visible.
    if (idempotencyKey && (error as { code?: string }).code === '23505')
      return createOnce(db, row, idempotencyKey, requestHash);
    throw error;
  }
}

async function createOnce<D>(
  db: Database,
  row: ApplicationRow<D>,
  idempotencyKey?: string,
  requestHash?: string,
): Promise<{ application: ApplicationRow<D>; created: boolean; keyReused?: true }> {
  const document = JSON.stringify(row.document);
  // One statement either way (a statement is atomic on its own): no BEGIN, no COMMIT, one round trip.
  if (!idempotencyKey) {
    await db.query(applicationSql.insert, [row.id, row.ownerId, document]);
    return { application: row, created: true };
  }
  const { rows } = await db.query<RawRow & { created: boolean; request_hash: string | null }>(
    applicationSql.createWithKey,
    [row.id, row.ownerId, document, idempotencyKey, requestHash ?? null],
  );
  const answer = rows[0];
  if (answer?.created) return { application: row, created: true };
  // A key's application cannot be gone (deleting an application deletes its keys: 001_initial.sql).
  if (!answer || answer.id === null) throw new Error(`idempotency key ${idempotencyKey} names no application`);
  const existing = applicationFromRaw<D>(answer);
  // The key was used for another request (`keyReused`: the caller refuses it; a key from before fingerprints were kept
  // has none and is taken as the same request).
  const stored = answer.request_hash;
  if (stored !== null && requestHash !== undefined && stored !== requestHash)
    return { application: existing, created: false, keyReused: true };
  return { application: existing, created: false };
}

/**
 * Reads, changes and writes one application's document inside one transaction with the row locked.
 * `change` returns the new document (it may write other rows with `tx`); throwing from it rolls back and changes nothing.
 */
export async function updateApplication<D>(
  db: Database,
  id: string,
  change: (current: ApplicationRow<D>, tx: Queryable) => D | Promise<D>,
): Promise<ApplicationRow<D> | undefined> {
  return db.transaction(async (tx) => {
    const current = await findApplication<D>(tx, id, true);
    if (!current) return undefined;
    const document = await change(current, tx);
    await tx.query(applicationSql.saveDocument, [id, JSON.stringify(document)]);
    return { ...current, document };
  });
}

/**
 * updateApplication in one statement when it can be: `read` is the row as a read before the change saw it (the
 * session read, http/request-context.ts, with its `version`). `change` is computed from it and saved only if the row is
 * still that version (`saveIfUnchanged`), with no transaction and no lock (one round trip instead of BEGIN, SELECT FOR
 * UPDATE, UPDATE and COMMIT). If the row changed meanwhile, or there was no such read, it is updateApplication: `change`
 * runs again on the row read under its lock. So `change` must be free of effects but its answer (it gets no
 * transaction to write other rows with); its answer is the same as updateApplication's.
 */
export async function updateApplicationAsRead<D>(
  db: Database,
  id: string,
  read: ApplicationRow<D> | undefined,
  change: (current: ApplicationRow<D>) => D | Promise<D>,
): Promise<ApplicationRow<D> | undefined> {
  if (read && read.id === id && read.version !== undefined) {
    // A read shared with a cache comes frozen (PGlite, pglite-cache.ts): the change gets its own copy.
    const document = Object.isFrozen(read.document) ? structuredClone(read.document) : read.document;
    const current: ApplicationRow<D> = { id: read.id, ownerId: read.ownerId, document };
    const next = await change(current);
    const { rows } = await db.query(applicationSql.saveIfUnchanged, [id, JSON.stringify(next), read.version]);
    if (rows.length > 0) return { id: read.id, ownerId: read.ownerId, document: next };
  }
  return updateApplication(db, id, change);
}

/** How many applications exist (tests use it to show that a bad request stored nothing). */
export async function countApplications(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM applications');
  return Number(rows[0]?.n ?? 0);
}

/** Every application of one owner with its creation time, newest first. */
export async function listApplicationsByOwner<D>(
  db: Queryable,
  ownerId: string,
): Promise<Array<ApplicationRow<D> & { createdAt: string }>> {
  const { rows } = await db.query<RawRow & { created_at: Date | string }>(
    'SELECT id, owner_id, document, created_at FROM applications WHERE owner_id = $1 ORDER BY created_at DESC, id',
    [ownerId],
  );
  return rows.map((row) => ({ ...applicationFromRaw<D>(row), createdAt: new Date(row.created_at).toISOString() }));
}

/** Writes a document inside an open transaction (after `findApplication(tx, id, true)` locked the row). */
export async function saveDocument<D>(tx: Queryable, id: string, document: D): Promise<void> {
  await tx.query(applicationSql.saveDocument, [id, JSON.stringify(document)]);
}

/** The users who have an application of a business (`application.businessId`), without duplicates. */
export async function businessUsers(db: Queryable, businessId: string): Promise<string[]> {
  const { rows } = await db.query<{ owner_id: string }>(
    "SELECT DISTINCT owner_id FROM applications WHERE document->'application'->>'businessId' = $1",
    [businessId],
  );
  return rows.map((row) => row.owner_id);
}
