module.exports = require('../../shared/runtime/jest.browser.js')('account', {
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
});
