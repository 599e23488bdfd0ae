module.exports = require('../jest.preset.js')('server', {
  testEnvironment: 'node',
  // Tests of the Redis bus run in their own project, only where a Redis server is named.
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/test/redis/'],
});
