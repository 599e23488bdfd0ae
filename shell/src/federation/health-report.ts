import {
  remoteNames,
  type ApiClient,
  type ClientErrorReport,
  type ReleaseHealthKind,
  type ReleaseHealthReport,
  type RemoteName,
} from '@cove/contracts';
import { isApiError } from '@cove/runtime';
import type { HealthTokens } from './health-token';

export interface HealthReporter {
  /** A remote's `./App` loaded. */
  loaded(remote: RemoteName, version: string): void;
  /** A failure the shell already reports to `/v1/client-errors`, counted for its version too. */
  failed(failure: ClientErrorReport): void;
  /** An uncaught error or rejection whose script lives in a remote's version folder. */
  clientError(remote: RemoteName, version: string): void;
}

const isRemote = (name: string): name is RemoteName => (remoteNames as readonly string[]).includes(name);

/**
 * Counts how each remote version fares in this tab (`POST /v1/release-health`), each (remote,
 * version, kind) once per page, in the tab's signed session (`health-token.ts`), so a canary can be
 * compared with the stable version. A token the server refuses is replaced once. Sending never throws.
 * Remotes this tab runs from a developer's dev server (`devRemotes`) are not the released version the
 * loader names, so nothing is counted for them: a developer's crash must not roll a canary back.
 */
export function createHealthReporter(
  api: ApiClient,
  tokens: HealthTokens,
  devRemotes: ReadonlySet<RemoteName> = new Set(),
): HealthReporter {
  const sent = new Set<string>();
  async function post(report: Omit<ReleaseHealthReport, 'token'>, again = true) {
    const token = await tokens.get();
    try {
      await api.send('POST', '/v1/release-health', { body: { token, ...report } });
    } catch (err) {
      if (!again || !isApiError(err) || err.code !== 'health_token') throw err;
      tokens.drop(token);
      await post(report, false);
    }
  }
  function send(remote: string, version: string | null, kind: ReleaseHealthKind) {
    if (!version || !isRemote(remote) || devRemotes.has(remote)) return;
    const key = `${remote}|${version}|${kind}`;
    if (sent.has(key)) return;
    sent.add(key);
    post({ remote, version, kind }).catch(() => {
      // Best effort, like the failure report: the page already shows what went wrong.
    });
  }
  return {
    loaded: (remote, version) => send(remote, version, 'load'),
    failed: (f) => send(f.remote, f.version, f.phase === 'render' ? 'render_crash' : 'load_failure'),
    clientError: (remote, version) => send(remote, version, 'client_error'),
  };
}

const versionFolder = /\/mf\/([a-z]+)\/([A-Za-z0-9._-]+)\//;

/** The remote and version whose published folder a script URL or stack trace points into. */
export function remoteOfScript(text: string | undefined): { remote: RemoteName; version: string } | null {
  const match = text ? versionFolder.exec(text) : null;
  if (!match?.[1] || !match[2] || !isRemote(match[1])) return null;
  return { remote: match[1], version: match[2] };
}

/** Counts uncaught errors and rejections thrown from a remote's code as that version's client errors. */
export function watchClientErrors(target: Window, health: HealthReporter): void {
  const count = (text: string | undefined) => {
    const source = remoteOfScript(text);
    if (source) health.clientError(source.remote, source.version);
  };
  target.addEventListener('error', (event) => {
    count(event.error instanceof Error ? `${event.filename}\n${event.error.stack ?? ''}` : event.filename);
  });
  target.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    count(reason instanceof Error ? reason.stack : undefined);
  });
}
