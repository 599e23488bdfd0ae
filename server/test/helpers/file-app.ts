import { balanceMismatches } from '../../src/ledger/ledger';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

export interface FileAppHooks {
  /** Runs after the file's last test, before the app closes. */
  beforeClose?: (t: TestApp) => Promise<void>;
  /** How long the app may take to start and to close, where a file's app is slower than jest's default. */
  startTimeout?: number;
  closeTimeout?: number;
}

/**
 * One test app for a whole test file: made before its first test, closed after its last. The object
 * returned is filled in when the app is made, so its fields are there from the first test on.
 */
export function appForFile(opts: TestAppOptions = {}, hooks: FileAppHooks = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(opts));
  }, hooks.startTimeout);
  afterAll(async () => {
    await hooks.beforeClose?.(t);
    await t.close();
  }, hooks.closeTimeout);
  return t;
}

const expectBalanced = async (t: TestApp) => {
  expect(await balanceMismatches(t.db)).toEqual([]);
};

/** `appForFile` for a file that moves money: after its last test, every balance must match its ledger entries. */
export const balancedAppForFile = (opts: TestAppOptions = {}) =>
  appForFile(opts, { beforeClose: expectBalanced });
