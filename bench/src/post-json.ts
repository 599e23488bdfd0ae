import { type Agent, request } from 'node:http';

/**
 * Sends JSON (a POST, or `method`) as a signed-in user through a kept-alive agent; answers the status
 * once the body is read.
 */
export function postJson(
  agent: Agent,
  base: string,
  path: string,
  token: string,
  body: unknown,
  method: 'POST' | 'PATCH' = 'POST',
): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          'access-token': token,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
