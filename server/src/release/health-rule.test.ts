import { healthOf, shouldRollBack, stableFigure } from './health-rule';

/** `failed` of `sessions` sessions, each from its own network unless said otherwise. */
const health = (version: string, sessions: number, failed: number, failedNetworks = failed) =>
  healthOf(version, { sessions, failed, networks: sessions, failedNetworks });

describe('automatic rollback rule', () => {
  const stable = (failed: number, sessions = 200) => health('stable', sessions, failed);

  it('waits for 20 canary sessions, however bad the first ones are', () => {
    expect(shouldRollBack(health('canary', 19, 19), stable(0))).toBe(false);
    expect(shouldRollBack(health('canary', 20, 20), stable(0))).toBe(true);
  });

  it('waits until sessions from 10 networks saw the canary fail', () => {
    expect(shouldRollBack(health('canary', 40, 20, 9), stable(0))).toBe(false);
    expect(shouldRollBack(health('canary', 40, 20, 10), stable(0))).toBe(true);
    expect(shouldRollBack(health('canary', 100, 9), stable(0))).toBe(false); // 9%, but 9 networks
  });

  it('needs more than 5 points above stable', () => {
    expect(shouldRollBack(health('canary', 200, 10), stable(0))).toBe(false); // 5.0%
    expect(shouldRollBack(health('canary', 100, 10), stable(0))).toBe(true); // 10%
    expect(shouldRollBack(health('canary', 100, 14), stable(20))).toBe(false); // 14% against 10%
  });

  it('needs more than twice the stable rate, so a noisy stable version is not blamed on the canary', () => {
    expect(shouldRollBack(health('canary', 100, 40), stable(50))).toBe(false); // 40% against 25%
    expect(shouldRollBack(health('canary', 100, 51), stable(50))).toBe(true); // 51% against 25%
  });

  it('reads a version without sessions as failing never', () => {
    expect(health('stable', 0, 0).rate).toBe(0);
    expect(shouldRollBack(health('canary', 30, 10), health('stable', 0, 0))).toBe(true);
  });

  it('compares with stable over the day before the canary when stable fared better then', () => {
    const during = health('stable', 40, 20);
    expect(stableFigure(during, health('stable', 400, 4))).toEqual(health('stable', 400, 4));
    // A day with fewer sessions than a canary needs says too little; a worse day is not taken.
    expect(stableFigure(during, health('stable', 19, 0))).toBe(during);
    expect(stableFigure(health('stable', 40, 1), health('stable', 400, 40))).toEqual(health('stable', 40, 1));
  });
});
