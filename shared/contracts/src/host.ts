import type { Observable } from 'rxjs';
import type { ZodMiniType } from 'zod/mini';
import type { UserPatch } from './account';
import type { User } from './entities/user';
import type { HostOutbox } from './outbox';
import type { PopupController } from './popups';
import type { ProviderConfig } from './provider-config';
import { realtimeProtocolVersion, type ClientMessage, type ServerMessage } from './realtime';

/**
 * The host <-> remote contract. A remote exposes one module, `./App`, whose default export is a React
 * component taking `{ host }`. Everything the shell owns reaches a remote through `host`; remotes never
 * create their own socket, token store or popup layer. Bump the version with any change that a remote
 * built against the old contract would trip over. 4: remotes take routing and streams from the shell's
 * `@cove/router` and `@cove/rx` singletons and run on the shell's federation runtime.
 */
export const hostContractVersion = 4;

/**
 * What a remote was built against. Every remote's `./App` module exports it next to its default export
 * (`export { builtWith } from '@cove/contracts'`), so the shell can refuse a remote built for another
 * contract, or one that reads another realtime protocol than the socket speaks.
 */
export interface BuiltWith {
  host: number;
  realtime: number;
}
export const builtWith: BuiltWith = { host: hostContractVersion, realtime: realtimeProtocolVersion };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

interface CallOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

export interface RequestOptions<T> extends CallOptions {
  /**
   * The contract's schema of the answer (`chatsResponse`, `discoverPage`, ...). Required: an answer that
   * does not match fails like any bad answer (the generic error, reported as a server failure).
   */
  schema: ZodMiniType<T>;
}

/** A multipart upload: the answer's schema, how far the body has gone, and a way to stop it. */
export interface UploadOptions<T> extends RequestOptions<T> {
  /** Bytes of the body sent so far, and its total, as the browser reports them. */
  onProgress?(loaded: number, total: number): void;
}

/** For a call whose answer the caller does not read. */
export interface SendOptions extends CallOptions {
  body?: unknown;
}

/**
 * The shell's API client. A call that returns a body names the contract's schema for it; `send` is for
 * calls whose answer is empty (204) or not read. Failures reject with an `ApiFailure`.
 */
export interface ApiClient {
  get<T>(path: string, options: RequestOptions<T>): Promise<T>;
  post<T>(path: string, body: unknown, options: RequestOptions<T>): Promise<T>;
  put<T>(path: string, body: unknown, options: RequestOptions<T>): Promise<T>;
  patch<T>(path: string, body: unknown, options: RequestOptions<T>): Promise<T>;
  delete<T>(path: string, options: RequestOptions<T> & { body?: unknown }): Promise<T>;
  send(method: HttpMethod, path: string, options?: SendOptions): Promise<void>;
  /**
   * `POST`s a multipart form (to a path, or to the upload host's URL) with the same headers, error
   * catalogue and schema check as every other call, reporting the body's progress as it goes.
   */
  upload<T>(url: string, form: FormData, options: UploadOptions<T>): Promise<T>;
}

/**
 * What every failed call rejects with. Checked by shape, not `instanceof`: each remote bundles its own
 * copy of the runtime, so classes differ across the boundary.
 */
export interface ApiFailure {
  name: 'ApiError';
  message: string;
  /** HTTP status; 0 when no answer arrived (network failure or aborted). */
  status: number;
  code?: string;
  errors?: { field: string; message: string }[];
  /** An aborted call: callers ignore it silently. */
  aborted: boolean;
}

export type SessionStatus = 'unknown' | 'signed-out' | 'signed-in';

/** Read-only all the way down: what a remote gets of state the shell owns. */
export type DeepReadonly<T> = T extends (infer E)[]
  ? readonly DeepReadonly<E>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** The session as the shell keeps it (a valtio proxy); only the runtime's shell entry writes it. */
export interface SessionState {
  status: SessionStatus;
  user: User | null;
  config: ProviderConfig | null;
  credits: number;
}

/**
 * The session as a remote sees it: read it with `useSession()` (a render-tracked snapshot), change it
 * only through `host.account`.
 */
export type HostSession = DeepReadonly<SessionState>;

/**
 * A server event as the bus hands it on: every logged event (with its `seq`) and every ephemeral one
 * except the connection's own bookkeeping (`init`, `pong`). Typed from the realtime contract's unions,
 * so an event added there flows through without touching the bus.
 */
export type ServerEvent = Exclude<ServerMessage, { type: 'init' | 'pong' }>;
export type ServerEventType = ServerEvent['type'];
export type ServerEventOf<K extends ServerEventType> = Extract<ServerEvent, { type: K }>;

/** The spec's connection flag: 'disconnected' only once the socket has been down for 5 s. */
export type ConnectionStatus = 'connected' | 'disconnected';

/**
 * What a remote gets of the site's bus: the server's events, the connection flag, and the socket for the
 * typing messages it may send. Remotes raise no app events: none had a listener, and a remote asks the
 * shell for things through `account`, `popups` and `navigate`. An event a remote may raise is added
 * here together with the listener that needs it.
 */
export interface HostBus {
  /** Every server event, in the order the socket applied them (logged ones once each, by `seq`). */
  readonly server$: Observable<ServerEvent>;
  /** The realtime connection flag; starts 'connected'. */
  readonly connection$: Observable<ConnectionStatus>;
  /** A typed stream of one server event type: `bus.on('new_message')`. */
  on<K extends ServerEventType>(type: K): Observable<ServerEventOf<K>>;
  /** Sends on the shell's socket (typing); false when it is not open, and the message is dropped. */
  send(message: ClientMessage): boolean;
}

/** Session actions the shell performs for a remote: remotes never write the session themselves. */
export interface HostAccount {
  /** `PATCH /v1/users/{id}` for the signed-in user; the session takes the answer. */
  patch(changes: UserPatch): Promise<User>;
  /** Reads the signed-in user again (after a purchase, say). */
  reload(): Promise<void>;
  /** Signs out here and on the server, then goes to /login. */
  logout(): Promise<void>;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface HostContext {
  contractVersion: typeof hostContractVersion;
  api: ApiClient;
  bus: HostBus;
  session: HostSession;
  account: HostAccount;
  popups: PopupController;
  /** Messages waiting for the connection; the shell sends them (version 3). */
  outbox: HostOutbox;
  navigate(to: string, options?: NavigateOptions): void;
}

export interface RemoteAppProps {
  host: HostContext;
}
