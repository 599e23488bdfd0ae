import { eq } from 'drizzle-orm';
import { payments } from '../../src/db/schema';
import { person } from '../helpers/chats';
import { CARDS, payWithCard } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://cove.example' } });
});
afterAll(() => t.close());

const REFUSED = [
  '/\t/evil.example/x',
  '/\n/evil.example/x',
  '/\r\nSet-Cookie: session=stolen',
  '/3ds-callback\u000b',
  '/3ds-callback\u007f',
  '/3ds-callback\u0085',
  '/\\evil.example/x',
  '\\\\evil.example/x',
  '//evil.example/x',
  '/..//evil.example/x',
  'https://evil.example/3ds-callback',
  'http://cove.example/3ds-callback',
  'https://cove.example.evil.example/',
  'javascript:alert(1)',
  '',
];

/** Posts the 3-D Secure challenge's answer and returns where the sandbox sends the browser. */
async function returnOf(page: string, outcome: 'approve' | 'fail') {
  const back = await t.app.inject({
    method: 'POST',
    url: page,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  expect(back.statusCode).toBe(303);
  return back.headers.location;
}

describe('3-D Secure return addresses', () => {
  it.each(REFUSED.flatMap((url) => [['success_url', url] as const, ['fail_url', url] as const]))(
    'refuses %s %j with a 400 naming it, before anything is recorded',
    async (field, url) => {
      const fan = await person(t);
      const res = await payWithCard(t.app, fan.api, CARDS.threeDs, { [field]: url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'validation',
        message: `body.${field}: must be an address on this site, such as /3ds-callback`,
      });
      expect(await t.db.$count(payments, eq(payments.userId, fan.user.id))).toBe(0);
    },
  );

  it("takes a path or an address on the site's own origin, and sends the browser back to that path", async () => {
    const fan = await person(t);
    const res = await payWithCard(t.app, fan.api, CARDS.threeDs, {
      success_url: 'https://cove.example/3ds-callback?3ds=success#top',
      fail_url: '/3ds-callback?3ds=error',
    });
    const { redirect_url: page, payment_id: id } = res.json();
    expect(await returnOf(page, 'approve')).toBe(`/3ds-callback?3ds=success&paymentId=${id}#top`);

    const failing = (
      await payWithCard(t.app, fan.api, CARDS.threeDs, { success_url: '/', fail_url: '/3ds-callback' })
    ).json();
    expect(await returnOf(failing.redirect_url, 'fail')).toBe(
      `/3ds-callback?paymentId=${failing.payment_id}`,
    );
  });
});
