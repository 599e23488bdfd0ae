import { healthOf, shouldRollBack } from './health-rule';

describe('automatic rollback rule', () => {
  const stable = (failed: number, sessions = 200) => healthOf('stable', sessions, failed);

  it('waits for 20 canary sessions, however bad the first ones are', () => {
    expect(shouldRollBack(healthOf('canary', 19, 19), stable(0))).toBe(false);
    expect(shouldRollBack(healthOf('canary', 20, 20), stable(0))).toBe(true);
  });

  it('needs more than 5 points above stable', () => {
    expect(shouldRollBack(healthOf('canary', 20, 1), stable(0))).toBe(false); // 5.0%
    expect(shouldRollBack(healthOf('canary', 20, 2), stable(0))).toBe(true); // 10%
    expect(shouldRollBack(healthOf('canary', 100, 14), stable(20))).toBe(false); // 14% against 10%
  });

  it('needs more than twice the stable rate, so a noisy stable version is not blamed on the canary', () => {
    expect(shouldRollBack(healthOf('canary', 100, 40), stable(50))).toBe(false); // 40% against 25%
    expect(shouldRollBack(healthOf('canary', 100, 51), stable(50))).toBe(true); // 51% against 25%
  });

  it('reads a version without sessions as failing never', () => {
    expect(healthOf('stable', 0, 0).rate).toBe(0);
    expect(shouldRollBack(healthOf('canary', 30, 3), healthOf('stable', 0, 0))).toBe(true);
  });
});
