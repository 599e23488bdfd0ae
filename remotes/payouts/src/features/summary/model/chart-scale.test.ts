import { niceMax, stack } from './chart-scale';

describe('chart scale', () => {
  it('rounds the best day up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(10);
    expect(niceMax(72)).toBe(100);
    expect(niceMax(130)).toBe(200);
    expect(niceMax(200)).toBe(200);
    expect(niceMax(3_400)).toBe(5_000);
  });

  it('stacks the sources bottom up and draws nothing for a negative day part', () => {
    expect(stack([50, -20, 25], 100)).toEqual([
      { y: 50, height: 50 },
      { y: 50, height: 0 },
      { y: 25, height: 25 },
    ]);
  });
});
