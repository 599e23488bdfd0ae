module.exports = require('../../jest.preset.js')('payouts', { testEnvironment: 'jsdom' });
