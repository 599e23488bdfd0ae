import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from '../src/precompress';
import { remoteFirstLoad } from '../src/first-visit';
import { sentSize } from '../src/sent-size';

const text = (name: string) => `/* ${name} */\n${'export const greeting = "hello from Cove";\n'.repeat(100)}`;

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A small build output: text files of each kind, a source map, a tiny script and an image. */
function build(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cove-precompress-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'main.0123456789.js'), text('main'));
  writeFileSync(join(dir, 'assets', 'icon.0123456789.svg'), `<svg>${'<path d="M0 0"/>'.repeat(40)}</svg>`);
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>Cove</title>${'<meta name="x">'.repeat(30)}`);
  writeFileSync(join(dir, 'main.0123456789.js.map'), text('map'));
  writeFileSync(join(dir, 'tiny.js'), 'var a=1;');
  writeFileSync(join(dir, 'photo.png'), Buffer.alloc(4096, 7));
  return dir;
}

describe('precompressDir', () => {
  it('writes brotli and gzip copies beside each text file that decode to the file itself', async () => {
    const dir = build();
    await precompressDir(dir);
    for (const file of ['main.0123456789.js', 'assets/icon.0123456789.svg', 'index.html']) {
      const original = readFileSync(join(dir, file));
      expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(join(dir, `${file}.gz`)))).toEqual(original);
    }
  });

  it('leaves source maps, tiny files and images alone', async () => {
    const dir = build();
    await precompressDir(dir);
    for (const file of ['main.0123456789.js.map', 'tiny.js', 'photo.png']) {
      expect([existsSync(join(dir, `${file}.br`)), existsSync(join(dir, `${file}.gz`))]).toEqual([
        false,
        false,
      ]);
    }
  });

  it('writes the same bytes for the same build, so releases of identical builds hash the same', async () => {
    const first = build();
    const second = build();
    await precompressDir(first);
    await precompressDir(second);
    for (const copy of ['main.0123456789.js.br', 'main.0123456789.js.gz']) {
      expect(readFileSync(join(first, copy))).toEqual(readFileSync(join(second, copy)));
    }
  });
});

describe('sizes a browser downloads', () => {
  it('counts each file as sent: its compressed copy when there is one, itself otherwise', async () => {
    const dir = build();
    await precompressDir(dir);
    const main = sentSize(dir, 'main.0123456789.js');
    expect(main.raw).toBe(text('main').length);
    expect(main.brotli).toBe(readFileSync(join(dir, 'main.0123456789.js.br')).length);
    expect(main.gzip).toBe(readFileSync(join(dir, 'main.0123456789.js.gz')).length);
    expect(main.brotli).toBeLessThan(main.gzip);
    expect(sentSize(dir, 'tiny.js')).toEqual({ raw: 8, brotli: 8, gzip: 8 });
  });

  it('counts a remote’s first load from its manifest: manifest, entry, and what ./App needs', async () => {
    const dir = build();
    writeFileSync(join(dir, 'remoteEntry.js'), text('entry'));
    writeFileSync(join(dir, 'app.0123456789.css'), `.a{color:red}${'.b{margin:0}'.repeat(40)}`);
    writeFileSync(
      join(dir, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          {
            assets: {
              js: { sync: ['main.0123456789.js'], async: ['photo.png'] },
              css: { sync: ['app.0123456789.css'], async: [] },
            },
          },
        ],
      }),
    );
    await precompressDir(dir);
    const load = remoteFirstLoad(dir);
    expect(load.files).toEqual([
      'mf-manifest.json',
      'remoteEntry.js',
      'app.0123456789.css',
      'main.0123456789.js',
    ]);
    const raw = load.files.reduce((sum, f) => sum + readFileSync(join(dir, f)).length, 0);
    expect(load.size.raw).toBe(raw);
    expect(load.size.brotli).toBeLessThan(raw / 3);
  });
});
