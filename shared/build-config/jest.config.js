module.exports = require('../../jest.preset.js')('build-config', { testEnvironment: 'node' });
