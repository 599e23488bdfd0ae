// `@cove/runtime/testing`: test hosts, fixtures and the test server, for tests only.
export {
  testChat,
  testChatUser,
  testChatsPage,
  testConfig,
  testMedia,
  testMediaResponse,
  testMessage,
  testPayment,
  testProfile,
  testUser,
  testWaitingMessage,
} from './fixtures';
export { fakeHost, type FakeHost, type RecordedCall, type Responder } from './fake-host';
export { failWith, networkFailure, noContent } from './answers';
export { takeMismatches, testOrigin, testServer } from './test-server';
export { http, HttpResponse } from 'msw';
