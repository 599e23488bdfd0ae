import { chatsResponse, user } from '@cove/contracts';
import { failWith, networkFailure } from './answers';
import { fakeHost } from './fake-host';
import { testUser } from './fixtures';

describe('fake host', () => {
  it('answers through the real client: recorded calls, parsed answers, the error catalogue', async () => {
    const fake = fakeHost({
      user: testUser(),
      respond: ({ path }) => {
        if (path === '/v1/down') return networkFailure();
        if (path === '/v1/refused') return failWith(403, 'Forbidden');
        return undefined;
      },
    });
    const { api } = fake.host;
    await expect(api.patch('/v1/users/u-1', { invisible: true }, { schema: user })).resolves.toMatchObject({
      _id: 'u-1',
      invisible: true,
    });
    expect(fake.calls[0]).toEqual({
      method: 'PATCH',
      path: '/v1/users/u-1',
      query: {},
      body: { invisible: true },
    });
    await expect(api.send('POST', '/v1/anything')).resolves.toBeUndefined();
    await expect(api.get('/v1/down', { schema: user })).rejects.toMatchObject({
      status: 0,
      message: 'Network error. Please check your internet connection.',
    });
    await expect(api.get('/v1/refused', { schema: user })).rejects.toMatchObject({
      status: 403,
      message: 'Forbidden',
    });
  });

  it('fails an answer the server would never send, and says where it departs from the contract', async () => {
    const fake = fakeHost({ user: testUser(), respond: () => ({ data: [{ _id: 'c-1' }], next: null }) });
    await expect(fake.host.api.get('/v1/chats', { schema: chatsResponse })).rejects.toMatchObject({
      status: 500,
      message: 'Something went wrong. Please try again later.',
    });
    const [mismatch] = fake.takeMismatches();
    expect(mismatch).toMatch(/^GET \/v1\/chats: data\.0\.chat_id: /);
    expect(fake.serverFailures).toHaveLength(1);
  });
});
