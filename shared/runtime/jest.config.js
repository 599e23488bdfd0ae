module.exports = require('../../jest.preset.js')('runtime', { testEnvironment: 'jsdom' });
