import type {
  ClientMessage,
  ConnectionStatus,
  HostBus,
  ServerEvent,
  ServerEventOf,
  ServerEventType,
  SessionStatus,
} from '@cove/contracts';
import { BehaviorSubject, distinctUntilChanged, filter, Subject, type Observable } from '@cove/rx';

/** Groups the subscriptions one owner disposes together. */
export { Subscription } from '@cove/rx';

/** Events only the shell raises, for its own parts; remotes neither raise nor see them. */
export type ShellEvent = { type: 'session.changed'; status: SessionStatus };

/** The bus as the shell holds it: the remotes' part (`HostBus`) plus what only the shell may do. */
export interface OwnedBus extends HostBus {
  readonly shell$: Observable<ShellEvent>;
  emit(event: ShellEvent): void;
  /** For the shell's realtime connection only: remotes read `server$`, they never push to it. */
  pushServerEvent(event: ServerEvent): void;
  setConnection(status: ConnectionStatus): void;
  /** The shell's socket installs its sender here; until then `send` drops messages. */
  setSender(sender: ((message: ClientMessage) => boolean) | null): void;
  dispose(): void;
}

/** The site's one event bus: the shell's own events, and server events from the one socket. */
export function createBus(): OwnedBus {
  const shell = new Subject<ShellEvent>();
  const server = new Subject<ServerEvent>();
  const connection = new BehaviorSubject<ConnectionStatus>('connected');
  const connection$ = connection.pipe(distinctUntilChanged());
  let sender: ((message: ClientMessage) => boolean) | null = null;
  return {
    shell$: shell.asObservable(),
    server$: server.asObservable(),
    connection$,
    on: <K extends ServerEventType>(type: K) =>
      server.pipe(filter((e): e is ServerEventOf<K> => e.type === type)),
    emit: (event) => shell.next(event),
    send: (message) => sender?.(message) ?? false,
    pushServerEvent: (event) => server.next(event),
    setConnection: (status) => connection.next(status),
    setSender: (fn) => {
      sender = fn;
    },
    dispose: () => {
      shell.complete();
      server.complete();
      connection.complete();
    },
  };
}
