import type { AppEvent, HostBus, ServerEventEnvelope } from '@cove/contracts';
import { filter, Subject, type Observable } from 'rxjs';

export interface OwnedBus extends HostBus {
  /** For the shell's realtime connection only: remotes read `server$`, they never push to it. */
  pushServerEvent(event: ServerEventEnvelope): void;
  dispose(): void;
}

/** The site's event bus: typed app events raised by any part, and server events from the one socket. */
export function createBus(): OwnedBus {
  const app = new Subject<AppEvent>();
  const server = new Subject<ServerEventEnvelope>();
  return {
    app$: app.asObservable(),
    server$: server.asObservable(),
    emit: (event) => app.next(event),
    pushServerEvent: (event) => server.next(event),
    dispose: () => {
      app.complete();
      server.complete();
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
