import type { Observable } from 'rxjs';
import type { ZodType } from 'zod';
import type { User } from './entities/user';
import type { PopupController } from './popups';
import type { ProviderConfig } from './provider-config';
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

/** A server event as the websocket delivers it; the realtime contract narrows `type`. */
export interface ServerEventEnvelope {
  type: string;
  [field: string]: unknown;
}

export interface HostBus {
  readonly app$: Observable<AppEvent>;
  readonly server$: Observable<ServerEventEnvelope>;
  emit(event: AppEvent): void;
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
  popups: PopupController;
  navigate(to: string, options?: NavigateOptions): void;
}

export interface RemoteAppProps {
  host: HostContext;
}
