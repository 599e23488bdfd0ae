import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FirstLoadManifest, remoteFirstLoadFiles } from '@cove/build-config/first-visit';
import { round } from '../stats';
import { httpGet } from './http-get';

interface SizeReport {
  page: { files: string[] };
}
interface Registry {
  remotes: Record<string, { current: string | null } | undefined>;
}

/**
 * What a first visit to `/` fetches: the shell page and the scripts and styles the build counts as its
 * first load (`size-report.json`, an upper bound the e2e suite checks), the registry, then the remote
 * `/` leads to (discover): its manifest, `remoteEntry.js` and the chunks `./App` needs to render.
 */
async function firstLoadUrls(base: string, shellDist: string): Promise<string[]> {
  const report = JSON.parse(readFileSync(join(shellDist, 'size-report.json'), 'utf8')) as SizeReport;
  const shell = report.page.files.map((f) => (f === 'index.html' ? '/' : `/${f}`));
  const registry = JSON.parse((await httpGet(`${base}/mf/registry.json`, '')).body.toString()) as Registry;
  const version = registry.remotes.discover?.current;
  if (!version) throw new Error('discover is not published');
  const dir = `/mf/discover/${version}/`;
  const manifest = JSON.parse(
    (await httpGet(`${base}${dir}mf-manifest.json`, '')).body.toString(),
  ) as FirstLoadManifest;
  const remote = remoteFirstLoadFiles(manifest).map((f) => `${dir}${f}`);
  return [...shell, '/mf/registry.json', ...remote];
}

/**
 * Body bytes of `/`'s first load as a browser offering brotli, one offering only gzip, and one offering
 * nothing would receive them, each file checked to decode to the same bytes as the plain one.
 */
export async function firstLoadBytes(base: string, shellDist: string) {
  const urls = await firstLoadUrls(base, shellDist);
  const totals = { br: 0, gzip: 0, identity: 0 };
  let brotliFiles = 0;
  for (const url of urls) {
    const plain = await httpGet(`${base}${url}`, '');
    const br = await httpGet(`${base}${url}`, 'gzip, deflate, br, zstd');
    const gzip = await httpGet(`${base}${url}`, 'gzip, deflate');
    for (const got of [plain, br, gzip]) {
      if (got.status !== 200) throw new Error(`${url} answered ${got.status}`);
      if (!got.body.equals(plain.body)) throw new Error(`${url} decodes to other bytes as ${got.encoding}`);
    }
    totals.identity += plain.wireBytes;
    totals.br += br.wireBytes;
    totals.gzip += gzip.wireBytes;
    if (br.encoding === 'br') brotliFiles += 1;
  }
  const kb = (n: number) => round(n / 1024, 1);
  return {
    files: urls.length,
    files_sent_brotli: brotliFiles,
    identity_kb: kb(totals.identity),
    gzip_kb: kb(totals.gzip),
    brotli_kb: kb(totals.br),
    brotli_ratio: round(totals.br / totals.identity, 3),
    gzip_ratio: round(totals.gzip / totals.identity, 3),
  };
}
