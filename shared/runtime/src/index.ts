export * from './api';
export { createBus, ofType, Subscription, type OwnedBus } from './bus/bus';
export { createStore, useStore } from './store/store';
export { createSession, signIn, signOut, updateUser, setCredits, setProviderConfig } from './session/session';
export { HostProvider, useHost, useSession } from './host/host-context';
export { useRequest, type RequestState } from './request/use-request';
export { useObservable } from './bus/use-observable';
export { useUsernameCheck, type UsernameCheck } from './username/use-username-check';
export * from './email/email-address';
