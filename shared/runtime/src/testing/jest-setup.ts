import { closeFakeOutboxes } from './fake-host';
import { takeMismatches, testServer } from './test-server';

// The test server stands in front of the real API client for the whole file; each test starts clean.
beforeAll(() => testServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  closeFakeOutboxes();
  testServer.resetHandlers();
  const unclaimed = takeMismatches();
  if (unclaimed.length > 0) {
    throw new Error(
      `An answer did not match its contract (a fixture the server would never send?):\n${unclaimed.join('\n')}`,
    );
  }
});
afterAll(() => testServer.close());
