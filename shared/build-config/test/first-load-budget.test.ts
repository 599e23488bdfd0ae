import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { budgetProblem, firstLoadBudgetKb } from '../src/first-load-budget';

describe('first-load budget', () => {
  it("reads each remote's budget from its package.json", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cove-budget-'));
    await writeFile(join(dir, 'package.json'), JSON.stringify({ cove: { firstLoadBudgetKb: 95 } }));
    expect(firstLoadBudgetKb(dir)).toBe(95);
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: '@cove/chat' }));
    expect(firstLoadBudgetKb(dir)).toBeNull();
  });

  it('fails a first load past the budget with both numbers, and a remote without one', () => {
    expect(budgetProblem('chat', 95 * 1024, 95)).toBeNull();
    expect(budgetProblem('chat', 96 * 1024, 95)).toBe(
      `chat's first load is 96.0 KB brotli, over its budget of 95 KB (package.json "cove.firstLoadBudgetKb"). Load more of it lazily, or raise the budget on purpose.`,
    );
    expect(budgetProblem('chat', 1024, null)).toMatch(/^chat has no first-load budget/);
  });
});
