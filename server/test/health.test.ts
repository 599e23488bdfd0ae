import { createTestApp } from './helpers/test-app';

describe('health probes', () => {
  it('reports live and ready, then not ready once the database is gone', async () => {
    const t = await createTestApp();
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ok' });

    await t.database.close();
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    await t.app.close();
  });
});
