import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { remoteNames } from '@cove/contracts';
import type { Compilation, Compiler, RspackPluginInstance } from '@rspack/core';
import {
  firstVisitBudgetKb,
  firstVisitLine,
  firstVisitProblem,
  remoteFirstLoad,
  shellFirstVisit,
  type VisitPart,
} from './first-visit';

/** The folders of a checkout, seen from a part's package folder (`shell/` or `remotes/<name>/`). */
const repoRootOf = (packageDir: string, isShell: boolean) => join(packageDir, isShell ? '..' : '../..');
const shellDist = (root: string) => join(root, 'shell', 'dist');
const pagesOf = (part: string) => (part === 'shell' ? "the shell's own pages" : `the ${part} pages`);

interface Visit {
  pages: string;
  parts: VisitPart[];
  budgetKb: number | null;
  budgetFile: string;
}

/** A remote's pages: the shell's page plus the remote built in `remoteOut`, within the budget in `packageDir`. */
function remoteVisit(remote: string, packageDir: string, remoteOut: string, shell: VisitPart): Visit {
  return {
    pages: pagesOf(remote),
    parts: [shell, { name: remote, size: remoteFirstLoad(remoteOut).size }],
    budgetKb: firstVisitBudgetKb(packageDir),
    budgetFile: `remotes/${remote}/package.json`,
  };
}

function fail(compiler: Compiler, compilation: Compilation, visits: Visit[]): void {
  for (const v of visits) {
    const problem = firstVisitProblem(v.pages, v.parts, v.budgetKb, v.budgetFile);
    if (problem) compilation.errors.push(new compiler.webpack.WebpackError(problem));
  }
}

/**
 * After the shell builds (and its size report is written): every first visit it takes part in, the
 * shell's own pages and the pages of each remote built beside it, printed as a table and failed past
 * its budget. Must come after `SizeReportPlugin` in the plugin list.
 */
export class ShellFirstVisitBudgetPlugin implements RspackPluginInstance {
  constructor(private readonly packageDir: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('CoveShellFirstVisitBudget', (compilation) => {
      if (compilation.errors.length > 0) return;
      const root = repoRootOf(this.packageDir, true);
      const page = shellFirstVisit(compiler.options.output.path ?? '');
      if (!page) return;
      const shell = { name: 'shell', size: page.size };
      const visits: Visit[] = [
        {
          pages: pagesOf('shell'),
          parts: [shell],
          budgetKb: firstVisitBudgetKb(this.packageDir),
          budgetFile: 'shell/package.json',
        },
        ...remoteNames
          .map((r) => ({ r, dir: join(root, 'remotes', r) }))
          .filter(({ dir }) => existsSync(join(dir, 'dist', 'mf-manifest.json')))
          .map(({ r, dir }) => remoteVisit(r, dir, join(dir, 'dist'), shell)),
      ];
      // The table is this step's output, printed with the build's own.
      process.stdout.write(
        [
          'First visit by page, as sent:',
          ...visits.map((v) => firstVisitLine(v.pages, v.parts, v.budgetKb)),
          '',
        ].join('\n'),
      );
      fail(compiler, compilation, visits);
    });
  }
}

/**
 * After a remote builds (and is precompressed): its pages' first visit with the built shell, failed past
 * the remote's budget. Before any shell build there is nothing to add it to; the shell's build checks
 * it then. Must come after `PrecompressPlugin` in the plugin list.
 */
export class RemoteFirstVisitBudgetPlugin implements RspackPluginInstance {
  constructor(
    private readonly remote: string,
    private readonly packageDir: string,
  ) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('CoveRemoteFirstVisitBudget', (compilation) => {
      if (compilation.errors.length > 0) return;
      const page = shellFirstVisit(shellDist(repoRootOf(this.packageDir, false)));
      if (!page) return;
      const visit = remoteVisit(this.remote, this.packageDir, compiler.options.output.path ?? '', {
        name: 'shell',
        size: page.size,
      });
      process.stdout.write(`${firstVisitLine(visit.pages, visit.parts, visit.budgetKb)}\n`);
      fail(compiler, compilation, [visit]);
    });
  }
}
