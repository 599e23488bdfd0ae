module.exports = require('../jest.preset.js')('shell', { testEnvironment: 'jsdom' });
