import { assertChromium } from './chromium';
import { assertBuilt } from './paths';

/** Once before any journey: a missing build or browser is one clear error, not sixteen failed files. */
export default function globalSetup(): void {
  assertBuilt();
  assertChromium();
}
