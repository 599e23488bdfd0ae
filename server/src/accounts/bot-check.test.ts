import { checkHuman } from './bot-check';

const turnstile = { mode: 'turnstile' as const, siteKey: 'site', secretKey: 'secret' };

describe('the Turnstile bot check', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('passes a token Cloudflare accepts and refuses one it rejects', async () => {
    global.fetch = jest.fn(async (_url, init) => {
      const form = new URLSearchParams(String((init as RequestInit).body));
      return new Response(
        JSON.stringify({ success: form.get('response') === 'good' && form.get('secret') === 'secret' }),
      );
    }) as typeof fetch;
    await expect(checkHuman(turnstile, 'good', '1.2.3.4')).resolves.toBeUndefined();
    await expect(checkHuman(turnstile, 'bad', '1.2.3.4')).rejects.toMatchObject({ statusCode: 400 });
    await expect(checkHuman(turnstile, undefined, '1.2.3.4')).rejects.toMatchObject({ statusCode: 400 });
  });

  it('answers 503 with a clear text when Cloudflare cannot be reached', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(checkHuman(turnstile, 'good', '1.2.3.4')).rejects.toMatchObject({
      statusCode: 503,
      message: 'The human check is not available right now. Please try again in a moment.',
    });
  });
});
