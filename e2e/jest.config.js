// Browser journeys against the built site: one server and one Chromium per file.
module.exports = require('../jest.preset.js')('e2e', {
  testEnvironment: 'node',
  testTimeout: 240_000,
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
});
