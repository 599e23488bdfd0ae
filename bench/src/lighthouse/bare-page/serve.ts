import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bare React</title>
<style>
body { margin: 0; font-family: system-ui, sans-serif; }
main { padding: 16px; }
.grid { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); }
.card { border: 1px solid #ddd; border-radius: 12px; padding: 12px; }
.avatar { width: 64px; height: 64px; border-radius: 50%; }
.card h2 { font-size: 16px; margin: 8px 0 4px; }
.card p { font-size: 13px; margin: 0 0 8px; color: #555; }
</style>
</head>
<body><div id="root"></div><script src="/grid.js" defer></script></body>
</html>
`;

/** The bare page's one script: React 19 and the grid, minified for production, as the browser gets it. */
async function bundle() {
  const out = await build({
    entryPoints: [join(__dirname, '..', 'src', 'lighthouse', 'bare-page', 'grid.tsx')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'warning',
  });
  const js = out.outputFiles[0]?.contents;
  if (!js) throw new Error('the bare page did not build');
  return js;
}

/**
 * Serves the bare page on a free local port, its script precompressed (brotli, else gzip) like Cove
 * serves its own. Answers its address, the script's gzip size and a stop function.
 */
export async function serveBarePage() {
  const js = Buffer.from(await bundle());
  const encoded = { br: brotliCompressSync(js), gzip: gzipSync(js, { level: 9 }) };
  const server: Server = createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    if (req.url !== '/grid.js') {
      res.writeHead(404).end();
      return;
    }
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = accepts.includes('br') ? 'br' : accepts.includes('gzip') ? 'gzip' : null;
    res.writeHead(200, {
      'content-type': 'text/javascript; charset=utf-8',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(encoding ? encoded[encoding] : js);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    scriptGzipKb: encoded.gzip.length / 1024,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
