// `@cove/runtime/shell`: what only the shell uses. The lint keeps remotes from importing it.
export { createBus, type OwnedBus, type ShellEvent } from './bus/bus';
export { createSession, signIn, signOut, updateUser, setCredits, setProviderConfig } from './session/session';
export { clearOutboxes } from './outbox/outbox-store';
export { createOutbox, type ShellOutbox } from './outbox/outbox';
export { pageFirstReads } from './api/first-reads';
