export * from './api';
export { Subscription } from './bus/bus';
export { createStore, useStore } from './store/store';
export { HostProvider, useHost, useSession } from './host/host-context';
export { useFeature } from './host/use-feature';
export { aboveCapText, priceCapHint, usePriceCap } from './host/use-price-cap';
export { confirmCharge } from './host/confirm-charge';
export { requestState, type RequestState } from './request/request-state';
export { useAttempt } from './request/attempt';
export { useObservable } from './bus/use-observable';
export { useServerEvent } from './bus/use-server-event';
export { useFrameBatch } from './bus/use-frame-batch';
export { useTypingChats } from './bus/use-typing';
export { useUsernameCheck, type UsernameCheck } from './username/use-username-check';
export * from './email/email-address';
export { formatMoney } from '@cove/contracts';
export { formatDuration } from './format/duration';
export { bundleContents } from './format/bundle-contents';
export { timeAgo, messageTime, formatDate, formatDateTime } from './format/time';
export { recentlyOnline } from './presence/recently-online';
export { releaseFirstScreen } from './page/first-screen';
export * from './upload';
export { formatBytes } from './format/bytes';
export { chatPath } from './host/chat-path';
export { messageBody, sendMessage, type SendHost } from './outbox/send-message';
export {
  passkeysSupported,
  passkeyAssertion,
  passkeyAttestation,
  passkeyConfirmation,
} from './passkeys/passkeys';
