module.exports = require('../../jest.preset.js')('account', { testEnvironment: 'jsdom' });
