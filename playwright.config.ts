import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// End-to-end journeys in Debian's Chromium (never a downloaded browser). The app is the production build
// served by the reference API on one port, with a fresh embedded database for the run.
const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'onboarding-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
// The server's log (at info: a line per request) is kept so a journey can search it for what the applicant typed.
const serverLog = process.env.E2E_SERVER_LOG ?? `${dataDir}-server.log`;
process.env.E2E_SERVER_LOG = serverLog;

export default defineConfig({
  testDir: 'tests/e2e',
  // A guard against a hung test, not a speed check (speed is `npm run bench`): the longest journeys took up to 59.5 s
  // of the former 60 s on a slower 2-core machine with four workers, and two ran out of it at its start.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // Files run four at a time (tests inside a file in order; every journey signs up its own users). Journeys spend
  // most of their time waiting on the server and on the spec's timers: on the 2-core CI machine the whole run used
  // about 0.7 of a core with four workers, and took 9.2 min instead of 13.3 min with two.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 4),
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
  },
  // Mobile first: every journey runs on a phone (390 px wide, touch), and the journeys below again at desktop width.
  projects: [
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      testMatch: ['skeleton.spec.ts', 'landing.spec.ts', 'shell.spec.ts', 'extras.spec.ts', 'header.spec.ts'],
    },
  ],
  webServer: {
    command: `npx tsx server/main.ts | tee -a '${serverLog}' > /dev/null`,
    url: `http://localhost:${port}/api/v2/configs`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
      LOG_LEVEL: 'info',
      ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
    },
  },
});
