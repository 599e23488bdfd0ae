import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Compiler, RspackPluginInstance, StatsModule } from '@rspack/core';
import { bootFiles } from './boot-preload';
import { remoteFirstLoad, shellReportName } from './first-visit';
import { describeSize, kb, type SentSize, sentSize, sumSizes } from './sent-size';

interface Sizes {
  /** KB as sent to a browser that takes brotli (every current one over HTTPS). */
  brotliKB: number;
  gzipKB: number;
  rawKB: number;
}

export interface PackageSize extends Sizes {
  /** Share of the first-load files' bytes (exact when a file holds one package). */
  package: string;
}

export interface SizeReport {
  /** Every first-load script together. */
  totalGzipKB: number;
  totalBrotliKB: number;
  totalRawKB: number;
  /** What a first visit downloads from the shell: the page, its scripts and its styles. */
  page: Sizes & { files: string[] };
  files: (Sizes & { file: string })[];
  packages: PackageSize[];
}

const sentTotal = (outDir: string, files: string[]) => sumSizes(files.map((f) => sentSize(outDir, f)));
const sizes = (s: SentSize): Sizes => ({ brotliKB: kb(s.brotli), gzipKB: kb(s.gzip), rawKB: kb(s.raw) });

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
 * After the shell builds, prints what a first visit downloads (brotli, gzip and uncompressed, from the
 * precompressed files the server sends) and its JavaScript per package: the page and the files its
 * boot loads, the same list the page preloads (`bootFiles`); screens and libraries loaded later are
 * not counted (the e2e suite checks the first visit loads nothing outside this list). A file's bytes
 * are shared among its packages by their share of its source. Reads the precompressed files, so it must come after
 * `PrecompressPlugin` in the plugin list.
 */
export class SizeReportPlugin implements RspackPluginInstance {
  constructor(private readonly entryName: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap('CoveSizeReport', (compilation) => {
      if (compilation.errors.length > 0) return;
      const outDir = compiler.options.output.path ?? '';
      const json = compilation.getStats().toJson({
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
      const byPackage = new Map<string, SentSize>();
      const files: SizeReport['files'] = [];
      const scripts: SentSize[] = [];
      const styles = new Set<string>();
      const boot = new Set(bootFiles(compilation, this.entryName));
      for (const chunk of json.chunks ?? []) {
        for (const file of chunk.files ?? []) {
          if (!boot.has(file)) continue;
          if (file.endsWith('.css')) styles.add(file);
          if (!file.endsWith('.js')) continue;
          const sent = sentSize(outDir, file);
          scripts.push(sent);
          files.push({ file, ...sizes(sent) });
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
            const part = size / denominator;
            const entry = byPackage.get(pkg) ?? { raw: 0, brotli: 0, gzip: 0 };
            entry.raw += sent.raw * part;
            entry.brotli += sent.brotli * part;
            entry.gzip += sent.gzip * part;
            byPackage.set(pkg, entry);
          }
        }
      }
      const packages = [...byPackage]
        .map(([name, s]) => ({ package: name, ...sizes(s) }))
        .sort((a, b) => b.brotliKB - a.brotliKB);
      const pageFiles = [
        ...(existsSync(join(outDir, 'index.html')) ? ['index.html'] : []),
        ...files.map((f) => f.file),
        ...styles,
      ];
      const js = sumSizes(scripts);
      const report: SizeReport = {
        totalGzipKB: kb(js.gzip),
        totalBrotliKB: kb(js.brotli),
        totalRawKB: kb(js.raw),
        page: { files: pageFiles, ...sizes(sentTotal(outDir, pageFiles)) },
        files: files.sort((a, b) => b.brotliKB - a.brotliKB),
        packages,
      };
      writeFileSync(join(outDir, shellReportName), `${JSON.stringify(report, null, 2)}\n`);
      const width = Math.max('package'.length, ...packages.map((p) => p.package.length));
      const row = (name: string, cells: (number | string)[]) =>
        `  ${name.padEnd(width)}${cells.map((c) => (typeof c === 'number' ? c.toFixed(1) : c).padStart(9)).join('')}`;
      // The report is this step's output, printed with the build's own.
      process.stdout.write(
        [
          `Shell first visit downloads ${describeSize(sentTotal(outDir, pageFiles))}`,
          `  (the page, scripts: ${files.length}, style sheets: ${styles.size})`,
          'First-load JavaScript (at most) by package, KB:',
          row('package', ['brotli', 'gzip', 'raw']),
          ...packages.map((p) => row(p.package, [p.brotliKB, p.gzipKB, p.rawKB])),
          row('total', [report.totalBrotliKB, report.totalGzipKB, report.totalRawKB]),
          '',
        ].join('\n'),
      );
    });
  }
}

/** After a remote builds, prints what a page downloads to show it (from the precompressed files). */
export class RemoteSizeReportPlugin implements RspackPluginInstance {
  constructor(private readonly remote: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.done.tap('CoveRemoteSizeReport', (stats) => {
      if (stats.hasErrors()) return;
      const { files, size } = remoteFirstLoad(compiler.options.output.path ?? '');
      // The report is this step's output, printed with the build's own.
      process.stdout.write(
        `Remote ${this.remote} first load downloads ${describeSize(size)} in ${files.length} files\n`,
      );
    });
  }
}
