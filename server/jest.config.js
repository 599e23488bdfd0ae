module.exports = require('../jest.preset.js')('server', {
  testEnvironment: 'node',
  // Tests of the Redis bus run in their own project, only where a Redis server is named.
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/test/redis/'],
  // One embedded PostgreSQL cluster per run; each test file makes its own database on it.
  globalSetup: '<rootDir>/test/helpers/cluster-setup.ts',
  globalTeardown: '<rootDir>/test/helpers/cluster-teardown.ts',
});
