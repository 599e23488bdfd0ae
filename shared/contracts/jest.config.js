module.exports = require('../../jest.preset.js')('contracts', { testEnvironment: 'node' });
