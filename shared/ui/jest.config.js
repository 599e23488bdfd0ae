module.exports = require('../runtime/jest.browser.js')('ui', {
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
});
