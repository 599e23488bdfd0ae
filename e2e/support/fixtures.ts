import { test as base } from '@playwright/test';
import { type RunningServer, type SiteHostname, startServer } from './server';
import { sessions, type Sessions } from './session';

/** The server a journey file runs against: a name for its log in e2e/artifacts, and its settings. */
export interface ServerOptions {
  name: string;
  env?: Record<string, string>;
  /** `localhost` for passkeys (see SiteHostname); 127.0.0.1 otherwise. */
  hostname?: SiteHostname;
}

interface JourneyFixtures {
  /** Signing in and API calls against this file's server. */
  session: Sessions;
}

interface WorkerFixtures {
  serverOptions: ServerOptions;
  server: RunningServer;
}

/**
 * The journeys' `test`: Playwright's own page, context and browser (so failures keep a trace and a
 * screenshot), plus one built server per file. Each file sets `test.use({ serverOptions })` at its top:
 * a worker option set per file gives the file a worker, and so a server and a Chromium, of its own.
 */
export const test = base.extend<JourneyFixtures, WorkerFixtures>({
  serverOptions: [{ name: 'journey' }, { scope: 'worker', option: true }],
  server: [
    async ({ serverOptions }, use) => {
      const server = await startServer(serverOptions.name, serverOptions.env, serverOptions.hostname);
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    // A start waits up to 3 minutes for the demo world's seed (server.ts), and one that was killed
    // is tried once more: the fixture must outlast both.
    { scope: 'worker', timeout: 400_000 },
  ],
  session: async ({ server, browser }, use) => {
    await use(sessions(server, browser));
  },
});

export { expect } from '@playwright/test';
