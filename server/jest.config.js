module.exports = require('../jest.preset.js')('server', {
  testEnvironment: 'node',
});
