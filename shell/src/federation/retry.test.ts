import { RetryAbortedError, withRetry } from './retry';

describe('withRetry', () => {
  it('tries again every interval until an attempt succeeds', async () => {
    const waits: number[] = [];
    const attempt = jest
      .fn<Promise<string>, [number]>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue('loaded');
    const onRetry = jest.fn();
    const result = await withRetry(attempt, {
      intervalMs: 1000,
      maxAttempts: 4,
      onRetry,
      sleep: async (ms) => void waits.push(ms),
    });
    expect(result).toBe('loaded');
    expect(attempt.mock.calls.map(([n]) => n)).toEqual([1, 2, 3]);
    expect(waits).toEqual([1000, 1000]);
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('waits 1000 ms between attempts by default, with real timers', async () => {
    jest.useFakeTimers();
    try {
      const attempt = jest
        .fn<Promise<string>, [number]>()
        .mockRejectedValueOnce(new Error('x'))
        .mockResolvedValue('ok');
      const done = withRetry(attempt);
      await jest.advanceTimersByTimeAsync(999);
      expect(attempt).toHaveBeenCalledTimes(1);
      await jest.advanceTimersByTimeAsync(1);
      await expect(done).resolves.toBe('ok');
      expect(attempt).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives up after the last attempt with the last error', async () => {
    let n = 0;
    const attempt = async () => {
      n += 1;
      throw new Error(`failure ${n}`);
    };
    await expect(withRetry(attempt, { maxAttempts: 3, sleep: async () => undefined })).rejects.toThrow(
      'failure 3',
    );
  });

  it('stops when aborted, without another attempt', async () => {
    const controller = new AbortController();
    const attempt = jest.fn(async () => {
      controller.abort();
      throw new Error('x');
    });
    await expect(
      withRetry(attempt, { signal: controller.signal, sleep: async () => undefined }),
    ).rejects.toBeInstanceOf(RetryAbortedError);
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
