import { requestState } from './request-state';

describe('request state', () => {
  it('is none while not asked for, fetching until the answer, then fetched or error', () => {
    const base = { data: undefined, error: null };
    expect(requestState({ ...base, status: 'pending', fetchStatus: 'idle' })).toEqual({ status: 'none' });
    expect(requestState({ ...base, status: 'pending', fetchStatus: 'fetching' })).toEqual({
      status: 'fetching',
    });
    expect(requestState({ status: 'success', fetchStatus: 'fetching', data: [1], error: null })).toEqual({
      status: 'fetched',
      data: [1],
    });
    expect(
      requestState({
        ...base,
        status: 'error',
        fetchStatus: 'idle',
        error: {
          name: 'ApiError',
          status: 0,
          message: 'Network error. Please check your internet connection.',
        },
      }),
    ).toEqual({ status: 'error', message: 'Network error. Please check your internet connection.' });
    expect(requestState({ ...base, status: 'error', fetchStatus: 'idle', error: new Error('x') })).toEqual({
      status: 'error',
      message: 'Something went wrong. Please try again later.',
    });
  });
});
