// Several server instances sharing one database and the Redis named by TEST_REDIS_URL.
module.exports = require('../jest.preset.js')('server (redis)', {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/redis/**/*.test.ts'],
  globalSetup: '<rootDir>/test/helpers/cluster-setup.ts',
  globalTeardown: '<rootDir>/test/helpers/cluster-teardown.ts',
});
