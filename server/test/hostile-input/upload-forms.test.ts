import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectDatabaseUnchanged, hostileWorld, NUL } from './world';

const w = hostileWorld();

describe('upload forms', () => {
  const boundary = 'cove-form-boundary';
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const end = `--${boundary}--\r\n`;
  const elevenFields = Array.from({ length: 11 }, (_, i) => field(`extra${i}`, 'x')).join('');
  const tooMany = { message: 'An upload form takes at most 10 fields besides the file.', code: 'validation' };

  const upload = (payload: string, contentType = `multipart/form-data; boundary=${boundary}`) =>
    w.t.app.inject({
      method: 'POST',
      url: '/v1/media',
      headers: { 'access-token': w.creator.token, 'content-type': contentType },
      payload,
    });

  expectDatabaseUnchanged(w);

  it('refuses a multipart body without a boundary with a 400', async () => {
    const res = await upload(field('type', 'message') + end, 'multipart/form-data');
    expect([res.statusCode, res.json()]).toEqual([
      400,
      {
        message: 'The upload form names no boundary: send it as multipart/form-data with its boundary.',
        code: 'validation',
      },
    ]);
  });

  it('answers a form with 11 text fields at once, before the client has finished sending it', async () => {
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = w.t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/v1/media',
          headers: {
            'access-token': w.creator.token,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(10 * 1024 * 1024),
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            resolve({ status: res.statusCode, body });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      // The body promises 10 MiB but stops once the 11th field is complete: the answer must not wait.
      req.write(`${elevenFields}--${boundary}\r\n`);
    });
    expect([answer.status, JSON.parse(answer.body)]).toEqual([400, tooMany]);
  });

  it('refuses 11 text fields before a file with the same 400', async () => {
    const res = await upload(elevenFields + fileHead + 'x'.repeat(300_000) + `\r\n${end}`);
    expect([res.statusCode, res.json()]).toEqual([400, tooMany]);
  });

  it('refuses a field over 1 KiB, naming it', async () => {
    const res = await upload(field('md5', 'a'.repeat(2000)) + end);
    expect([res.statusCode, res.json().errors]).toEqual([
      400,
      [{ field: 'body.md5', message: 'must be at most 1 KiB' }],
    ]);
  });

  it('refuses a NUL character in a field, naming it', async () => {
    const res = await upload(field('type', `message${NUL}`) + end);
    expect([res.statusCode, res.json().errors]).toEqual([
      400,
      [{ field: 'body.type', message: 'must not contain a NUL character' }],
    ]);
  });

  it.each([
    ['in its part headers', `--${boundary}\r\nContent-Disposition: form-da`],
    ['in its file', `${fileHead}${'x'.repeat(100_000)}`],
  ])('refuses a form cut off %s with a 400', async (_name, payload) => {
    const res = await upload(payload);
    expect([res.statusCode, res.json().code]).toEqual([400, 'validation']);
  });
});
