module.exports = require('../jest.preset.js')('server', {
  testEnvironment: 'node',
  testTimeout: 30000,
});
