import {
  hostContractVersion,
  user as userSchema,
  type HostContext,
  type HttpMethod,
  type PopupOutcome,
  type PopupSpec,
  type SessionState,
  type User,
} from '@cove/contracts';
import { http, HttpResponse } from 'msw';
import { createApiClient, type ServerFailure } from '../api/client';
import { localTokenStore } from '../api/token-store';
import { createBus } from '../bus/bus';
import { createOutbox } from '../outbox/outbox';
import { createSession, signIn, signOut, updateUser } from '../session/session';
import { noteMismatch, takeMismatches, testOrigin, testServer } from './test-server';

/** A call as the server received it. Query values are strings, as they travel. */
export interface RecordedCall {
  method: HttpMethod;
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

/**
 * The test's stand-in for the server: a value is answered as JSON (status 200), a `Response` as it is
 * (`failWith`, `networkFailure`, `noContent`), and `undefined` falls through to the defaults: a user
 * patch answers with the session's user changed as asked, anything else with 204.
 */
export type Responder = (call: RecordedCall) => unknown;

/** JSON as parsed; a multipart form as its fields, a file part as its name, size and type. */
async function readBody(request: Request): Promise<unknown> {
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
    const fields = [...(await request.formData())].map(([name, value]) => [
      name,
      typeof value === 'string' ? value : { name: value.name, size: value.size, type: value.type },
    ]);
    return Object.fromEntries(fields);
  }
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

async function record(request: Request): Promise<RecordedCall> {
  const url = new URL(request.url);
  return {
    method: request.method as HttpMethod,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body: await readBody(request),
  };
}

function patchedUser(session: SessionState, changes: Partial<User>): User | null {
  const current = session.user;
  if (!current) return null;
  return {
    ...current,
    ...changes,
    notification_settings: { ...current.notification_settings, ...changes.notification_settings },
  };
}

const openOutboxes: (() => void)[] = [];

/** Stops the outboxes the test's hosts opened (their listeners would outlive the test). */
export function closeFakeOutboxes(): void {
  openOutboxes.splice(0).forEach((close) => close());
}

/**
 * A host for rendering a remote's App in tests. Its API is the real client, answered by the test
 * server (MSW): calls are recorded, answers are parsed with the contract's schemas and go through the
 * error catalogue as in the browser. An answer that does not match its schema fails the test unless the
 * test takes it with `takeMismatches()`. Popups and navigations are recorded instead of shown.
 */
export function fakeHost(
  opts: {
    user?: User | null;
    respond?: Responder;
    /** How each popup ends (a person confirming, say); dismissed when absent. */
    popupOutcome?: (spec: PopupSpec) => PopupOutcome;
  } = {},
) {
  const calls: RecordedCall[] = [];
  const popups: PopupSpec[] = [];
  const navigations: string[] = [];
  const serverFailures: ServerFailure[] = [];
  const session = createSession();
  if (opts.user) signIn(session, opts.user);
  else if (opts.user === null) signOut(session);

  testServer.use(
    http.all(`${testOrigin}/*`, async ({ request }) => {
      const call = await record(request);
      calls.push(call);
      const answer = await opts.respond?.(call);
      if (answer instanceof Response) return answer;
      if (answer !== undefined) return HttpResponse.json(answer);
      if (call.method === 'PATCH' && call.path === `/v1/users/${session.user?._id}`) {
        return HttpResponse.json(patchedUser(session, call.body as Partial<User>));
      }
      return new HttpResponse(null, { status: 204 });
    }),
  );

  const api = createApiClient({
    tokens: localTokenStore(),
    baseUrl: testOrigin,
    fetch: (input, init) => fetch(input, init),
    onMaintenance: () => void navigations.push('/maintenance'),
    onServerFailure: (failure) => {
      serverFailures.push(failure);
      if (failure.mismatch) noteMismatch(`${failure.method} ${failure.path}: ${failure.mismatch}`);
    },
  });
  const bus = createBus();
  const account = { logouts: 0 };
  const host: Omit<HostContext, 'outbox'> = {
    contractVersion: hostContractVersion,
    api,
    bus,
    session,
    account: {
      patch: async (changes) => {
        const id = session.user?._id ?? '';
        const next = await api.patch(`/v1/users/${id}`, changes, { schema: userSchema });
        updateUser(session, next);
        return next;
      },
      reload: async () => undefined,
      logout: async () => {
        account.logouts += 1;
        signOut(session);
      },
    },
    popups: {
      open: (spec) => {
        popups.push(spec);
        return {
          id: `p${popups.length}`,
          outcome: Promise.resolve(opts.popupOutcome?.(spec) ?? { action: 'dismiss' }),
          close: () => undefined,
        };
      },
      close: () => undefined,
      closeAll: () => undefined,
    },
    navigate: (to) => void navigations.push(to),
  };
  // The real outbox, run for the signed-in user as the shell runs it, until the test ends.
  const outbox = createOutbox({ host });
  if (session.user) openOutboxes.push(outbox.open(session.user._id));
  const full: HostContext = { ...host, outbox };
  return { host: full, bus, session, calls, popups, navigations, account, serverFailures, takeMismatches };
}
export type FakeHost = ReturnType<typeof fakeHost>;
