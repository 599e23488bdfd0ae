// The server suite again, on the real PostgreSQL named by TEST_POSTGRES_URL (each test file gets its own database).
module.exports = require('../jest.preset.js')('server (postgres)', {
  rootDir: __dirname,
  testEnvironment: 'node',
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/test/redis/'],
  setupFiles: ['<rootDir>/test/helpers/use-postgres.js'],
});
