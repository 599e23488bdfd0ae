import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Compiler, RspackPluginInstance } from '@rspack/core';
import { describeSize, kb, remoteFirstLoad } from './sent-size';

/** `"cove": { "firstLoadBudgetKb": N }` in a remote's package.json: its first load in brotli KB. */
export function firstLoadBudgetKb(packageDir: string): number | null {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    cove?: { firstLoadBudgetKb?: unknown };
  };
  const budget = pkg.cove?.firstLoadBudgetKb;
  return typeof budget === 'number' && budget > 0 ? budget : null;
}

/** Why a first load of `brotliBytes` breaks the budget, or null when it fits. */
export function budgetProblem(remote: string, brotliBytes: number, budgetKb: number | null): string | null {
  if (budgetKb === null)
    return `${remote} has no first-load budget: set "cove": { "firstLoadBudgetKb": N } in its package.json.`;
  if (kb(brotliBytes) <= budgetKb) return null;
  return `${remote}'s first load is ${kb(brotliBytes).toFixed(1)} KB brotli, over its budget of ${budgetKb} KB (package.json "cove.firstLoadBudgetKb"). Load more of it lazily, or raise the budget on purpose.`;
}

/**
 * Fails a remote's build whose first load (manifest, entry and `./App`'s initial scripts and styles, as
 * sent in brotli) is past its budget. Runs after the output is precompressed, so it must come after
 * `PrecompressPlugin` in the plugin list; an error here makes the build exit non-zero.
 */
export class FirstLoadBudgetPlugin implements RspackPluginInstance {
  constructor(
    private readonly remote: string,
    private readonly packageDir: string,
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('CoveFirstLoadBudget', (compilation) => {
      if (compilation.errors.length > 0) return;
      const { size } = remoteFirstLoad(compiler.options.output.path ?? '');
      const problem = budgetProblem(this.remote, size.brotli, firstLoadBudgetKb(this.packageDir));
      if (problem) {
        compilation.errors.push(new compiler.webpack.WebpackError(`${problem}\n  (${describeSize(size)})`));
      }
    });
  }
}
