import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Fastify from 'fastify';
import { round } from '../stats';
import type { Cove } from '../system';

/** Requests per second from a client process holding `connections` kept-alive connections. */
async function rate(url: string, headers: Record<string, string>, connections: number, seconds: number) {
  const child = fork(join(__dirname, 'http-clients.js'), { stdio: 'inherit' });
  const done = new Promise<{ ok: number; failed: number }>((resolve) => child.once('message', resolve));
  child.send({ url, headers, connections, seconds });
  const { ok, failed } = await done;
  return { per_second: Math.round(ok / seconds), failed };
}

/**
 * `GET /v1/users/me` through the whole app (authentication, rate limit, hooks, the user's answer)
 * against a bare Fastify route answering the same JSON, one after the other in this process, each
 * loaded from a client process for `seconds`.
 */
export async function usersMeThroughput(cove: Cove, seconds: number, connections: number) {
  const { row, token } = await cove.user('user', 100);
  const me = `http://127.0.0.1:${cove.port}/v1/users/me`;
  const answer = await (await fetch(me, { headers: { 'access-token': token } })).json();
  if ((answer as { _id?: string })._id !== row.id) throw new Error('users/me did not answer the user');
  const bare = Fastify();
  bare.get('/v1/users/me', async () => answer);
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/v1/users/me`;
  try {
    // Each once first, not counted, so both run warm.
    await rate(bareUrl, {}, connections, 1);
    await rate(me, { 'access-token': token }, connections, 1);
    const raw = await rate(bareUrl, {}, connections, seconds);
    const ours = await rate(me, { 'access-token': token }, connections, seconds);
    return {
      connections,
      bare_per_s: raw.per_second,
      cove_per_s: ours.per_second,
      cove_failed: ours.failed,
      ratio: round(ours.per_second / raw.per_second, 2),
    };
  } finally {
    await bare.close();
  }
}
