import { satisfies } from 'semver';

// The range rules the release check (compat.ts) relies on, as npm's semver reads them.
describe('satisfies', () => {
  it.each([
    ['19.2.1', '^19.2.0', true],
    ['19.1.9', '^19.2.0', false],
    ['20.0.0', '^19.2.0', false],
    ['0.3.4', '^0.3.1', true],
    ['0.4.0', '^0.3.1', false],
    ['7.9.3', '~7.9.0', true],
    ['7.10.0', '~7.9.0', false],
    ['7.18.5', '7.18.5', true],
    ['7.18.6', '7.18.5', false],
    ['2.3.2', '>=2.1.0 <3', true],
    ['3.0.0', '>=2.1.0 <3', false],
    ['18.3.1', '^17.0.0 || ^18.0.0', true],
    ['5.0.0', '*', true],
    ['5.1.0', '5.x', true],
    // A prerelease only satisfies a range that names a prerelease of the same version.
    ['19.0.0-rc.1', '^19.0.0', false],
    ['19.0.0-rc.1', '^19.0.0-rc.0', true],
    ['not-a-version', '^1.0.0', false],
  ])('%s in %s is %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });
});
