/**
 * Production entry (`npm start`): opens storage, builds the API, serves the built front end from dist/ and
 * listens on PORT (default 3000). Environment: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite folder,
 * default .data/pglite); TRUST_PROXY=1 behind a TLS-terminating proxy; LOG_LEVEL; SMTP_URL, MAIL_FROM and PUBLIC_URL
 * for emails (server/README.md); MAPS_API_KEY and ANALYTICS_TAG_ID for the third-party scripts of rules/scripts.json
 * (none by default: the app works without them, and the CSP then allows only our own origin).
 * `--api-only` serves the API without the built front end (npm run dev: vite serves the front end and proxies the API).
 */
import { join } from 'node:path';
import { buildApp, sandboxEnabled } from './app.ts';
import { repoRoot } from './paths.ts';
import { serveFrontEnd } from './static-front-end.ts';
import { openStorage } from './storage/index.ts';

async function main(): Promise<void> {
  const db = await openStorage(
    process.env.DATABASE_URL
      ? {
          databaseUrl: process.env.DATABASE_URL,
          preparedStatements: process.env.DATABASE_PREPARED_STATEMENTS !== 'off',
        }
      : { dataDir: process.env.DATA_DIR ?? join(repoRoot, '.data/pglite') },
  );
  const app = await buildApp({
    db,
    trustProxy: process.env.TRUST_PROXY === '1',
    // The sandbox is off in production (NODE_ENV=production) unless SANDBOX=on; SANDBOX=off turns it off anywhere.
    sandbox: sandboxEnabled(process.env),
    logLevel: process.env.LOG_LEVEL ?? 'info',
    // The end-to-end suite signs up dozens of applicants from one address; the limit itself is tested in tests/api.
    ...(process.env.SIGN_IN_ATTEMPTS_PER_MINUTE
      ? { signInAttemptsPerMinute: Number(process.env.SIGN_IN_ATTEMPTS_PER_MINUTE) }
      : {}),
    scriptKeys: { maps: process.env.MAPS_API_KEY ?? '', analyticsTag: process.env.ANALYTICS_TAG_ID ?? '' },
    providerConfig: {
      ...(process.env.SMTP_URL ? { smtpUrl: process.env.SMTP_URL } : {}),
      ...(process.env.MAIL_FROM ? { mailFrom: process.env.MAIL_FROM } : {}),
      publicUrl: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`,
    },
  });
  // DIST_DIR lets parallel test runs serve their own builds (vite build --outDir). `--api-only` (npm run dev, where
  // vite serves the front end and proxies the API here) starts without a build, so a fresh clone runs at once.
  if (process.argv.includes('--api-only')) console.log('API only: the front end is served by vite (npm run dev).');
  else await serveFrontEnd(app, process.env.DIST_DIR ?? join(repoRoot, 'dist'));
  const close = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  const address = await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '0.0.0.0' });
  console.log(`Onboarding API and app listening on ${address} (storage: ${db.kind})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
