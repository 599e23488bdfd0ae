import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeSize, kb, type SentSize, sentSize, sumSizes } from './sent-size';

/**
 * What a first visit downloads before its screen shows, counted from built files as the server sends
 * them (brotli). The shell's page is what its size report lists; a remote adds its manifest,
 * `remoteEntry.js` and the scripts and styles `./App` needs before it renders (shared singletons come
 * from the shell). The build, the release checks and the bench all count through this module.
 */

/** The parts of a remote's `mf-manifest.json` its first load is read from. */
export interface FirstLoadManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
}

/**
 * The files of a remote's first load, as paths inside its version folder (a remote exposes only
 * `./App`): the manifest, the entry, then styles before scripts, the order a page preloads them in.
 */
export function remoteFirstLoadFiles(manifest: FirstLoadManifest): string[] {
  const entry = manifest.metaData?.remoteEntry;
  const exposes = manifest.exposes ?? [];
  const files = [
    'mf-manifest.json',
    join(entry?.path ?? '', entry?.name ?? 'remoteEntry.js'),
    ...exposes.flatMap((e) => e.assets?.css?.sync ?? []),
    ...exposes.flatMap((e) => e.assets?.js?.sync ?? []),
  ];
  return [...new Set(files)];
}

export interface FirstLoad {
  files: string[];
  size: SentSize;
}

const load = (dir: string, files: string[]): FirstLoad => ({
  files,
  size: sumSizes(files.map((f) => sentSize(dir, f))),
});

/** The files of a built remote's first load, read from its manifest. */
export function readRemoteFirstLoadFiles(outDir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(outDir, 'mf-manifest.json'), 'utf8')) as FirstLoadManifest;
  return remoteFirstLoadFiles(manifest);
}

/** A built remote's first load. */
export const remoteFirstLoad = (outDir: string): FirstLoad => load(outDir, readRemoteFirstLoadFiles(outDir));

export const shellReportName = 'size-report.json';

/** The built shell's page (HTML, scripts, styles) as its size report lists it; null before a shell build. */
export function shellFirstVisit(shellDir: string): FirstLoad | null {
  const report = join(shellDir, shellReportName);
  if (!existsSync(report)) return null;
  const { page } = JSON.parse(readFileSync(report, 'utf8')) as { page: { files: string[] } };
  return load(shellDir, page.files);
}

/** `"cove": { "firstVisitBudgetKb": N }` in a part's package.json, or null when it sets none. */
export function firstVisitBudgetKb(packageDir: string): number | null {
  const file = join(packageDir, 'package.json');
  if (!existsSync(file)) return null;
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { cove?: { firstVisitBudgetKb?: unknown } };
  const budget = pkg.cove?.firstVisitBudgetKb;
  return typeof budget === 'number' && budget > 0 ? budget : null;
}

export interface VisitPart {
  /** `shell`, or the remote's name. */
  name: string;
  size: SentSize;
}

/** `shell 120.4 + chat 30.2` */
const partsOf = (parts: VisitPart[]) =>
  parts.map((p) => `${p.name} ${kb(p.size.brotli).toFixed(1)}`).join(' + ');

/**
 * Why a first visit made of `parts` breaks the budget `budgetKb` set in `budgetFile`, or null when it
 * fits. `pages` names the pages the visit stands for, such as `a chat page`.
 */
export function firstVisitProblem(
  pages: string,
  parts: VisitPart[],
  budgetKb: number | null,
  budgetFile: string,
): string | null {
  if (budgetKb === null)
    return `${budgetFile} sets no first-visit budget: add "cove": { "firstVisitBudgetKb": N }.`;
  const total = sumSizes(parts.map((p) => p.size));
  if (kb(total.brotli) <= budgetKb) return null;
  return (
    `A first visit to ${pages} is ${kb(total.brotli).toFixed(1)} KB brotli (${partsOf(parts)}), over its ` +
    `budget of ${budgetKb} KB (${budgetFile} "cove.firstVisitBudgetKb"). Load more of it lazily, or raise ` +
    `the budget on purpose.`
  );
}

/** One line of the build's first-visit table: `  a chat page   shell + chat   312.4 KB brotli (...)`. */
export function firstVisitLine(pages: string, parts: VisitPart[], budgetKb: number | null): string {
  const total = sumSizes(parts.map((p) => p.size));
  const budget = budgetKb === null ? 'no budget' : `budget ${budgetKb} KB`;
  return `  ${pages.padEnd(22)}${partsOf(parts).padEnd(32)}${describeSize(total)}, ${budget}`;
}
