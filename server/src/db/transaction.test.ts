import { retryConflicts } from './transaction';

/** An error as drizzle throws it: the driver's error, with PostgreSQL's code, as its cause. */
const pgFailure = (code: string) => Object.assign(new Error('query failed'), { cause: { code } });

describe('retryConflicts', () => {
  it.each(['40P01', '40001'])('runs the work again after a %s until it succeeds', async (code) => {
    let runs = 0;
    const result = await retryConflicts(async () => {
      runs++;
      if (runs < 3) throw pgFailure(code);
      return 'done';
    });
    expect([result, runs]).toEqual(['done', 3]);
  });

  it('gives up after five runs and passes the last failure on', async () => {
    let runs = 0;
    const failure = pgFailure('40P01');
    await expect(
      retryConflicts(async () => {
        runs++;
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(runs).toBe(5);
  });

  it('never repeats work that failed for any other reason', async () => {
    let runs = 0;
    const failure = pgFailure('23505');
    await expect(
      retryConflicts(async () => {
        runs++;
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(runs).toBe(1);
  });
});
