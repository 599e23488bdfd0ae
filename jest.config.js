// One jest run for the whole workspace: each package declares its own project config. The browser
// journeys (e2e/) run on Playwright's runner after it (npm test, npm run e2e).
// With TEST_POSTGRES_URL set (CI does), the server suite runs a second time on real PostgreSQL;
// with TEST_REDIS_URL, several server instances are tested together over Redis.
const projects = [
  '<rootDir>/shared/contracts',
  '<rootDir>/shared/runtime',
  '<rootDir>/shared/ui',
  '<rootDir>/shared/build-config',
  '<rootDir>/server',
  '<rootDir>/shell',
  '<rootDir>/remotes/chat',
  '<rootDir>/remotes/discover',
  '<rootDir>/remotes/account',
  '<rootDir>/remotes/payouts',
];

if (process.env.TEST_POSTGRES_URL) projects.push('<rootDir>/server/jest.postgres.config.js');
if (process.env.TEST_REDIS_URL) projects.push('<rootDir>/server/jest.redis.config.js');

const fs = require('node:fs');
const path = require('node:path');

/** @type {import('jest').Config} */
module.exports = {
  // A guard against hangs, not a speed check: server tests start a database per file and a loaded CI
  // machine has run some several times slower than alone (benchmarks measure speed, in bench/).
  testTimeout: 60000,
  projects: projects.filter((p) => {
    const dir = p.replace('<rootDir>', __dirname);
    return fs.existsSync(dir.endsWith('.js') ? dir : path.join(dir, 'jest.config.js'));
  }),
};
