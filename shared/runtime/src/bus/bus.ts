import type {
  AppEvent,
  ClientMessage,
  ConnectionStatus,
  HostBus,
  ServerEvent,
  ServerEventOf,
  ServerEventType,
} from '@cove/contracts';
import { BehaviorSubject, distinctUntilChanged, filter, Subject, type Observable } from 'rxjs';

/** Groups the subscriptions one owner disposes together. */
export { Subscription } from 'rxjs';

export interface OwnedBus extends HostBus {
  /** For the shell's realtime connection only: remotes read `server$`, they never push to it. */
  pushServerEvent(event: ServerEvent): void;
  setConnection(status: ConnectionStatus): void;
  /** The shell's socket installs its sender here; until then `send` drops messages. */
  setSender(sender: ((message: ClientMessage) => boolean) | null): void;
  dispose(): void;
}

/** The site's one event bus: app events raised by any part, and server events from the one socket. */
export function createBus(): OwnedBus {
  const app = new Subject<AppEvent>();
  const server = new Subject<ServerEvent>();
  const connection = new BehaviorSubject<ConnectionStatus>('connected');
  const connection$ = connection.pipe(distinctUntilChanged());
  let sender: ((message: ClientMessage) => boolean) | null = null;
  return {
    app$: app.asObservable(),
    server$: server.asObservable(),
    connection$,
    on: <K extends ServerEventType>(type: K) =>
      server.pipe(filter((e): e is ServerEventOf<K> => e.type === type)),
    emit: (event) => app.next(event),
    send: (message) => sender?.(message) ?? false,
    pushServerEvent: (event) => server.next(event),
    setConnection: (status) => connection.next(status),
    setSender: (fn) => {
      sender = fn;
    },
    dispose: () => {
      app.complete();
      server.complete();
      connection.complete();
    },
  };
}

/** Narrows a stream of app events to one `type`. */
export function ofType<K extends AppEvent['type']>(
  app$: Observable<AppEvent>,
  type: K,
): Observable<Extract<AppEvent, { type: K }>> {
  return app$.pipe(filter((e): e is Extract<AppEvent, { type: K }> => e.type === type));
}
