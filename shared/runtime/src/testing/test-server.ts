import { setupServer } from 'msw/node';

/** Where a test host's API client sends its calls; the test server answers for this origin. */
export const testOrigin = 'http://localhost';

/**
 * The one MSW server of a test file, in front of the real API client (started and reset by
 * `@cove/runtime`'s jest setup). Each `fakeHost` adds its own handler.
 */
export const testServer = setupServer();

/** Answers that did not match their contract and that no test has claimed yet. */
const mismatches: string[] = [];

export function noteMismatch(description: string): void {
  mismatches.push(description);
}

/** Hands over (and forgets) the mismatches seen so far. */
export function takeMismatches(): string[] {
  return mismatches.splice(0);
}
