module.exports = require('../../shared/runtime/jest.browser.js')('discover', {
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
});
