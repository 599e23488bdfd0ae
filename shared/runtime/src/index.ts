export * from './api';
export { createBus, ofType, type OwnedBus } from './bus/bus';
export { createSession, signIn, signOut, setProviderConfig } from './session/session';
export { HostProvider, useHost, useSession } from './host/host-context';
export { useRequest, type RequestState } from './request/use-request';
