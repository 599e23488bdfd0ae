import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Compiler, RspackPluginInstance, StatsModule } from '@rspack/core';

export interface PackageSize {
  package: string;
  /** gzip KB of this package's share of the first-load files (exact when a file holds one package). */
  gzipKB: number;
  rawKB: number;
}

export interface SizeReport {
  totalGzipKB: number;
  files: { file: string; gzipKB: number }[];
  packages: PackageSize[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;

/** Which package a module comes from: its npm package, a workspace package, or the bundler runtime. */
export function packageOfModule(path: string): string {
  const normalized = path.replace(/\\/g, '/');
  const nm = normalized.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = normalized.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? 'unknown');
  }
  const workspace = /\/(shared\/[^/]+|remotes\/[^/]+|shell)\/src\//.exec(normalized);
  if (workspace) return `@cove/${workspace[1]?.split('/').pop()}`;
  if (normalized.startsWith('webpack/') || normalized.includes('runtime')) return '(bundler runtime)';
  return '(other)';
}

function leafModules(modules: StatsModule[] | undefined): StatsModule[] {
  return (modules ?? []).flatMap((m) => (m.modules && m.modules.length > 0 ? leafModules(m.modules) : [m]));
}

/**
 * After the shell builds, prints its first-load JavaScript in gzip KB, per package. The shell exposes
 * nothing and lazy-loads none of its own code, so the scripts it emits are what a first visit loads;
 * the count is an upper bound, since a few shared-library chunks are fetched only when a remote asks
 * for them (the e2e suite checks the first visit loads nothing outside this list). A file's gzip size
 * is shared among its packages by their share of its source.
 */
export class SizeReportPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    compiler.hooks.done.tap('CoveSizeReport', (stats) => {
      if (stats.hasErrors()) return;
      const outDir = compiler.options.output.path ?? '';
      const json = stats.toJson({
        all: false,
        chunks: true,
        chunkModules: true,
        chunkModulesSpace: Infinity,
        dependentModules: true,
        nestedModules: true,
        nestedModulesSpace: Infinity,
        modules: false,
        orphanModules: true,
      });
      const byPackage = new Map<string, { gzip: number; raw: number }>();
      const files: SizeReport['files'] = [];
      for (const chunk of json.chunks ?? []) {
        for (const file of chunk.files ?? []) {
          if (!file.endsWith('.js')) continue;
          const bytes = readFileSync(join(outDir, file));
          const gzip = gzipSync(bytes, { level: 9 }).length;
          files.push({ file, gzipKB: kb(gzip) });
          const leaves = leafModules(chunk.modules).filter((m) => (m.size ?? 0) > 0);
          const total = leaves.reduce((sum, m) => sum + (m.size ?? 0), 0);
          const shares = new Map<string, number>();
          for (const m of leaves) {
            const pkg = packageOfModule(m.nameForCondition ?? m.identifier ?? m.name ?? '');
            shares.set(pkg, (shares.get(pkg) ?? 0) + (m.size ?? 0));
          }
          if (total === 0) shares.set('(bundler runtime)', 1);
          const denominator = total || 1;
          for (const [pkg, size] of shares) {
            const entry = byPackage.get(pkg) ?? { gzip: 0, raw: 0 };
            entry.gzip += (gzip * size) / denominator;
            entry.raw += (bytes.length * size) / denominator;
            byPackage.set(pkg, entry);
          }
        }
      }
      const packages = [...byPackage]
        .map(([name, s]) => ({ package: name, gzipKB: kb(s.gzip), rawKB: kb(s.raw) }))
        .sort((a, b) => b.gzipKB - a.gzipKB);
      const report: SizeReport = {
        totalGzipKB: kb(files.reduce((sum, f) => sum + f.gzipKB * 1024, 0)),
        files: files.sort((a, b) => b.gzipKB - a.gzipKB),
        packages,
      };
      writeFileSync(join(outDir, 'size-report.json'), `${JSON.stringify(report, null, 2)}\n`);
      const width = Math.max(...packages.map((p) => p.package.length));
      const lines = packages.map((p) => `  ${p.package.padEnd(width)} ${p.gzipKB.toFixed(1).padStart(7)} KB`);
      // The report is this step's output, printed with the build's own.
      process.stdout.write(
        `Shell first-load JavaScript (at most): ${report.totalGzipKB.toFixed(1)} KB gzip in ${files.length} files\n${lines.join('\n')}\n`,
      );
    });
  }
}
