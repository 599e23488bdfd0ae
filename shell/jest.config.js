module.exports = require('../shared/runtime/jest.browser.js')('shell', {
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
});
