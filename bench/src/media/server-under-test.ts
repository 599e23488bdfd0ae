import type { ChildProcess } from 'node:child_process';
import { memoryOf, resetPeak, startServer, stop } from './processes';

/** A new account on the server under test, signed in through its mailbox; its access token. */
export async function signIn(port: number): Promise<string> {
  const base = `http://127.0.0.1:${port}`;
  const email = `bench-${Date.now()}@bench.test`;
  const json = { 'content-type': 'application/json' };
  await fetch(`${base}/v1/users/sign`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, web: true, react_flow: true, accept_terms: true }),
  });
  const mails = (await (await fetch(`${base}/dev/mailbox.json`)).json()) as { to: string; text: string }[];
  const link = mails.find((m) => m.to === email)?.text.match(/\/login\?token=([A-Za-z0-9_-]+)/)?.[1];
  const res = (await (
    await fetch(`${base}/v1/auth`, { method: 'POST', headers: json, body: JSON.stringify({ token: link }) })
  ).json()) as { token: string };
  return res.token;
}

export interface ServerUnderTest {
  child: ChildProcess;
  port: number;
  pid: number;
  /** An account signed in on it. */
  token: string;
  /** Its resident memory once started, before the measurement. */
  idleMiB: number;
}

/**
 * The built server in production mode with its mailbox on, an account signed in, and its peak memory
 * reset: what a measurement then adds shows in `memoryOf(pid).peakMiB`. The caller stops it.
 */
export async function startServerUnderTest(
  serverRoot: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerUnderTest> {
  const cove = await startServer(serverRoot, dataDir, { NODE_ENV: 'production', MAILBOX: 'true', ...env });
  try {
    const token = await signIn(cove.port);
    const pid = cove.child.pid as number;
    const idleMiB = memoryOf(pid).nowMiB;
    resetPeak(pid);
    return { ...cove, pid, token, idleMiB };
  } catch (err) {
    await stop(cove.child);
    throw err;
  }
}
