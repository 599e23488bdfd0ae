import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Compiler, RspackPluginInstance } from '@rspack/core';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Text a browser downloads. Source maps are left out: only open developer tools fetch them, and brotli
 * at its highest quality would spend most of the build's compression time on them.
 */
const compressible = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves a few dozen bytes at most; the shell page (about 450) is above. */
const minBytes = 256;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file in `dir`, at each format's highest
 * level (the server sends them as they are, so the cost is paid once per build). Both are byte-for-byte
 * reproducible, so identical builds still hash the same when released. A copy that would not be smaller
 * is not written, and the server sends the file itself.
 */
export async function precompressDir(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter((f) => compressible.test(f));
  for (const file of files) {
    const bytes = await readFile(file);
    if (bytes.length < minBytes) continue;
    const [br, gzipped] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < bytes.length) await writeFile(`${file}.br`, br);
    if (gzipped.length < bytes.length) await writeFile(`${file}.gz`, gzipped);
  }
}

/**
 * Precompresses the build's output once everything is on disk (after emit, so the HTML page and the
 * federation manifest are included), before the size report reads the compressed sizes.
 */
export class PrecompressPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tapPromise('CovePrecompress', async (compilation) => {
      if (compilation.errors.length > 0) return;
      await precompressDir(compiler.options.output.path ?? '');
    });
  }
}
