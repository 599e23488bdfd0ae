import type { Compiler, RspackPluginInstance } from '@rspack/core';

/** What `npm run dev -- <remote>` (scripts/dev-remote.mjs) hears after each watched compile. */
export interface DevBuildReport {
  type: 'cove-dev-build';
  errors: number;
  warnings: number;
}

const toParent = (report: DevBuildReport) => void process.send?.(report);

/**
 * Tells the dev server each time a compile finishes, with its error and warning counts, over the IPC
 * channel it opens to the build. The printed output is for people: coloured, and worded differently
 * with or without warnings and from one Rspack version to the next.
 */
export class DevBuildReportPlugin implements RspackPluginInstance {
  constructor(private readonly send: (report: DevBuildReport) => void = toParent) {}

  apply(compiler: Compiler): void {
    compiler.hooks.done.tap('CoveDevBuildReport', (stats) => {
      // Counts child compilations too, as the printed summary does.
      const { errorsCount = 0, warningsCount = 0 } = stats.toJson({
        all: false,
        errorsCount: true,
        warningsCount: true,
      });
      this.send({ type: 'cove-dev-build', errors: errorsCount, warnings: warningsCount });
    });
  }
}
