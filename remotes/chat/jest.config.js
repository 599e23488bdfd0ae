module.exports = require('../../shared/runtime/jest.browser.js')('chat', {
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
});
