module.exports = require('../../shared/runtime/jest.browser.js')('payouts', {
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
});
