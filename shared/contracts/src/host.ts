import type { Observable } from 'rxjs';
import type { ZodType } from 'zod';
import type { UserPatch } from './account';
import type { User } from './entities/user';
import type { PopupController } from './popups';
import type { ProviderConfig } from './provider-config';
import type { ClientMessage, ServerMessage } from './realtime';
import type { RemoteName } from './registry';

/**
 * The host <-> remote contract. A remote exposes one module, `./App`, whose default export is a React
 * component taking `{ host }`. Everything the shell owns reaches a remote through `host`; remotes never
 * create their own socket, token store or popup layer.
 */
export const hostContractVersion = 1;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Parses a JSON answer; a mismatch is reported as the generic error. */
  schema?: ZodType<T>;
}

export interface ApiClient {
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
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

/** A valtio proxy owned by the shell: read it with `useSnapshot(host.session)`, never write it. */
export interface HostSession {
  status: SessionStatus;
  user: User | null;
  config: ProviderConfig | null;
  credits: number;
}

/** Events the site raises for itself, as opposed to events pushed by the server. */
export type AppEvent =
  | { type: 'session.changed'; status: SessionStatus }
  | { type: 'route.changed'; path: string }
  | {
      type: 'remote.failed';
      remote: RemoteName;
      version: string | null;
      phase: 'load' | 'render';
      message: string;
    }
  | { type: 'remote.ready'; remote: RemoteName; version: string };

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

export interface HostBus {
  readonly app$: Observable<AppEvent>;
  /** Every server event, in the order the socket applied them (logged ones once each, by `seq`). */
  readonly server$: Observable<ServerEvent>;
  /** The realtime connection flag; starts 'connected'. */
  readonly connection$: Observable<ConnectionStatus>;
  /** A typed stream of one server event type: `bus.on('new_message')`. */
  on<K extends ServerEventType>(type: K): Observable<ServerEventOf<K>>;
  emit(event: AppEvent): void;
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
  navigate(to: string, options?: NavigateOptions): void;
}

export interface RemoteAppProps {
  host: HostContext;
}
