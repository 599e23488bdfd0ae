module.exports = require('./jest.browser.js')('runtime');
