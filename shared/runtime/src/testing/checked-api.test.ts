import { messageResponse, type ApiClient } from '@cove/contracts';
import { contractCheckedApi } from './checked-api';
import { takeMismatches } from './test-server';

function answers(value: unknown): ApiClient {
  const answer = async () => value as never;
  return {
    get: answer,
    post: answer,
    put: answer,
    patch: answer,
    delete: answer,
    send: async () => undefined,
    upload: answer,
  };
}

describe('contract-checked answers', () => {
  it('hands on an answer that matches its schema', async () => {
    const api = contractCheckedApi(answers({ message: 'Email sent successfully!' }));
    await expect(api.post('/v1/users/sign', {}, { schema: messageResponse })).resolves.toEqual({
      message: 'Email sent successfully!',
    });
  });

  it('fails one the server would never send as the client does, and reports where it departs', async () => {
    const onServerFailure = jest.fn();
    const api = contractCheckedApi(answers({ text: 'sent' }), onServerFailure);
    await expect(api.post('/v1/users/sign', {}, { schema: messageResponse })).rejects.toMatchObject({
      status: 500,
      message: 'Something went wrong. Please try again later.',
    });
    expect(onServerFailure).toHaveBeenCalledWith(
      expect.objectContaining({
        method: 'POST',
        path: '/v1/users/sign',
        mismatch: expect.stringMatching(/^message: /),
      }),
    );
    expect(takeMismatches()).toEqual([expect.stringMatching(/^POST \/v1\/users\/sign: message: /)]);
  });
});
