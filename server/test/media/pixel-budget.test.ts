import { PixelBudget } from '../../src/media/pixel-budget';

/** Work that runs until the test ends it, noting when it started. */
function held(budget: PixelBudget, pixels: number, log: string[], name: string) {
  let finish: () => void = () => {};
  let fail: (err: Error) => void = () => {};
  const done = budget.run(
    pixels,
    () =>
      new Promise<void>((resolve, reject) => {
        log.push(`${name} at ${budget.inFlight}`);
        finish = resolve;
        fail = reject;
      }),
  );
  return { done, finish: () => finish(), fail: (err: Error) => fail(err) };
}

/** Lets every admission that is due happen. */
const settle = () => new Promise((r) => setImmediate(r));

it('runs decodes that fit at once and queues the rest, first come first served', async () => {
  const budget = new PixelBudget(10);
  const log: string[] = [];
  const a = held(budget, 6, log, 'a');
  const b = held(budget, 6, log, 'b');
  // c would fit beside a, but b came first: c waits behind it.
  const c = held(budget, 3, log, 'c');
  await settle();
  expect(log).toEqual(['a at 6']);

  a.finish();
  await a.done;
  await settle();
  expect(log).toEqual(['a at 6', 'b at 9', 'c at 9']);
  b.finish();
  c.finish();
  await Promise.all([b.done, c.done]);
  expect(budget.inFlight).toBe(0);
});

it('runs a photo larger than the whole budget alone', async () => {
  const budget = new PixelBudget(10);
  const log: string[] = [];
  const small = held(budget, 2, log, 'small');
  const huge = held(budget, 25, log, 'huge');
  const after = held(budget, 1, log, 'after');
  await settle();
  expect(log).toEqual(['small at 2']);
  small.finish();
  await settle();
  expect(log).toEqual(['small at 2', 'huge at 25']);
  huge.finish();
  await settle();
  expect(log).toEqual(['small at 2', 'huge at 25', 'after at 1']);
  after.finish();
  await Promise.all([small.done, huge.done, after.done]);
});

it('gives the pixels back when a decode fails, and the next one starts', async () => {
  const budget = new PixelBudget(10);
  const log: string[] = [];
  const broken = held(budget, 8, log, 'broken');
  const next = held(budget, 8, log, 'next');
  await settle();
  broken.fail(new Error('corrupt'));
  await expect(broken.done).rejects.toThrow('corrupt');
  await settle();
  expect(log).toEqual(['broken at 8', 'next at 8']);
  next.finish();
  await next.done;
  expect(budget.inFlight).toBe(0);
  // A decode that throws before its first await gives its pixels back too.
  await expect(
    budget.run(4, () => {
      throw new Error('no header');
    }),
  ).rejects.toThrow('no header');
  expect(budget.inFlight).toBe(0);
});
