import { canaryBucket, versionFor, type RegistryRemote } from './registry';

const entry = (percent: number | null): RegistryRemote => ({
  current: 'stable-1',
  versions: [],
  history: [],
  canary: percent === null ? null : { version: 'canary-2', percent, startedAt: '2026-01-01T00:00:00.000Z' },
});

const ids = Array.from({ length: 4000 }, (_, i) => `browser-${i}-${(i * 7919).toString(36)}`);

describe('canary assignment', () => {
  it('gives one browser the same bucket every time, between 0 and 99', () => {
    for (const id of ids.slice(0, 50)) {
      const bucket = canaryBucket(id, 'chat');
      expect(bucket).toBe(canaryBucket(id, 'chat'));
      expect(bucket).toBeGreaterThanOrEqual(0);
      expect(bucket).toBeLessThan(100);
    }
  });

  it.each([5, 20, 50, 90])('sends roughly %i% of browsers to the canary', (percent) => {
    const share =
      ids.filter((id) => versionFor(entry(percent), 'chat', id) === 'canary-2').length / ids.length;
    expect(Math.abs(share - percent / 100)).toBeLessThan(0.03);
  });

  it('draws each remote separately, so one browser is not the canary of every remote', () => {
    const sameBucket = ids.filter((id) => canaryBucket(id, 'chat') === canaryBucket(id, 'payouts')).length;
    expect(sameBucket / ids.length).toBeLessThan(0.05);
  });

  it('keeps a browser in the canary as its share grows', () => {
    const at10 = ids.filter((id) => versionFor(entry(10), 'chat', id) === 'canary-2');
    expect(at10.every((id) => versionFor(entry(50), 'chat', id) === 'canary-2')).toBe(true);
  });

  it('runs the current version without a canary', () => {
    expect(versionFor(entry(null), 'chat', ids[0] ?? '')).toBe('stable-1');
    expect(versionFor({ current: 'stable-1', versions: [], history: [] }, 'chat', 'x')).toBe('stable-1');
  });
});
