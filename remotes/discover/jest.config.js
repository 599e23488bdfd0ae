module.exports = require('../../jest.preset.js')('discover', { testEnvironment: 'jsdom' });
