import { canaryIdInCookies, knownVersionFor } from './canary-cookie';
import { canaryBucket, type RegistryRemote } from './registry';

const entry = (canary: boolean): RegistryRemote => ({
  current: 'stable-1',
  versions: [],
  history: [],
  canary: canary ? { version: 'canary-2', percent: 50, startedAt: '2026-01-01T00:00:00.000Z' } : null,
});
const ids = Array.from({ length: 40 }, (_, i) => `browser-${i}`);
const inCanary = ids.find((id) => canaryBucket(id, 'chat') < 50) ?? '';
const inStable = ids.find((id) => canaryBucket(id, 'chat') >= 50) ?? '';

describe('the version known before the page runs', () => {
  it('is the one the browser’s id picks, canary or stable', () => {
    expect(knownVersionFor(entry(true), 'chat', inCanary)).toBe('canary-2');
    expect(knownVersionFor(entry(true), 'chat', inStable)).toBe('stable-1');
  });

  it('is current for everyone while no canary runs, id or not', () => {
    expect(knownVersionFor(entry(false), 'chat', null)).toBe('stable-1');
    expect(knownVersionFor(entry(false), 'chat', inCanary)).toBe('stable-1');
  });

  it('is unknown for a browser without an id while a canary runs, and for a remote never released', () => {
    expect(knownVersionFor(entry(true), 'chat', null)).toBeNull();
    expect(knownVersionFor(undefined, 'chat', inCanary)).toBeNull();
  });
});

describe('the canary id in cookies', () => {
  it('reads the id among other cookies, and nothing from a missing or malformed one', () => {
    expect(canaryIdInCookies('a=1; cove-canary-id=abcdEFGH_1234; b=2')).toBe('abcdEFGH_1234');
    expect(canaryIdInCookies('cove-canary-id=abcdefgh1234')).toBe('abcdefgh1234');
    expect(canaryIdInCookies('xcove-canary-id=abcdefgh1234')).toBeNull();
    expect(canaryIdInCookies('cove-canary-id=short')).toBeNull();
    expect(canaryIdInCookies('cove-canary-id=abcd<script>1234')).toBeNull();
    expect(canaryIdInCookies('')).toBeNull();
    expect(canaryIdInCookies(undefined)).toBeNull();
  });
});
