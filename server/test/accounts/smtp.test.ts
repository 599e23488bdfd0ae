import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createTestApp } from '../helpers/test-app';

describe('mail over SMTP', () => {
  it('delivers the sign-in link to the SMTP server named by SMTP_URL', async () => {
    const received: { to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    const t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Cove <hello@cove.test>' },
    });

    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/users/sign',
      payload: { email: 'smtp@example.com', accept_terms: true },
    });
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['smtp@example.com']);
    expect(received[0]?.raw).toContain('Subject: Your Cove sign-in link');
    expect(received[0]?.raw).toContain('From: Cove <hello@cove.test>');
    expect(received[0]?.raw.replace(/=\r?\n/g, '')).toMatch(/\/login\?token=[A-Za-z0-9_-]{43}/);
    // With real SMTP configured, the developer mailbox is not served.
    expect((await t.app.inject({ url: '/dev/mailbox.json' })).statusCode).toBe(404);

    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
