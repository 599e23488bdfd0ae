// CSS modules in jest: every class name maps to itself, so tests can still find elements by it.
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : String(key)) });
