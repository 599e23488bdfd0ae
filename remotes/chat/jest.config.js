module.exports = require('../../jest.preset.js')('chat', { testEnvironment: 'jsdom' });
