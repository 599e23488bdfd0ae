import { createTestApp } from './helpers/test-app';

describe('security headers and rate limiting', () => {
  it('sends security headers on API answers', async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ url: '/v1/provider/config?platform=react' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    await t.close();
  });

  it('limits API requests per address with a clear 429', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await t.app.inject({ url: '/v1/provider/config?platform=react' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const limited = await t.app.inject({ url: '/v1/provider/config?platform=react' });
    expect(limited.json()).toEqual({
      message: 'Too many requests. Please try again later.',
      code: 'rate_limited',
    });
    // Health probes and static files are outside the API budget.
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await t.close();
  });
});
