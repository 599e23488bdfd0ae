module.exports = require('../../jest.preset.js')('payouts', {
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
});
