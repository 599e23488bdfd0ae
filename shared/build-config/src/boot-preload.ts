import {
  type Chunk,
  type Compilation,
  type Compiler,
  HtmlRspackPlugin,
  type Module,
  type RspackPluginInstance,
} from '@rspack/core';

/** Module Federation's provided shared modules: their blocks load a library only when a part asks for it. */
const PROVIDE_SHARED = 'provide-module';

type Block = Module['blocks'][number];

/**
 * The chunks the entry `entryName` loads before it can run: what its async import (the `bootstrap`
 * boundary) pulls in, and what those chunks consume from the shared scope, transitively. Providing a
 * library to the shared scope loads nothing, so the libraries only remotes ask for are left out.
 */
export function bootChunks(compilation: Compilation, entryName: string): Chunk[] {
  const entry = compilation.entrypoints.get(entryName);
  if (!entry) return [];
  const graph = compilation.chunkGraph;
  const chunks = new Map<string, Chunk>();
  const blocks: Block[] = [...graph.getChunkEntryModulesIterable(entry.getEntrypointChunk())].flatMap(
    (m) => m.blocks,
  );
  for (let block = blocks.pop(); block; block = blocks.pop()) {
    blocks.push(...block.blocks);
    for (const chunk of graph.getBlockChunkGroup(block)?.chunks ?? []) {
      const key = String(chunk.id);
      if (chunks.has(key)) continue;
      chunks.set(key, chunk);
      for (const module of graph.getChunkModulesIterable(chunk)) {
        if (module.type !== PROVIDE_SHARED) blocks.push(...module.blocks);
      }
    }
  }
  return [...chunks.values()];
}

/**
 * Adds `<link rel="preload">` to the shell page for every script and style sheet its boot loads after
 * the entry script, so the browser fetches them with the page instead of one round trip after the
 * entry ran. The shell's chunks are classic scripts and plain style sheets (no `crossorigin`), so the
 * links carry none either: a preload is reused only when its request matches the later one.
 */
export class BootPreloadPlugin implements RspackPluginInstance {
  constructor(private readonly entryName: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('CoveBootPreload', (compilation) => {
      HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise(
        'CoveBootPreload',
        async (data) => {
          const files = new Set(bootChunks(compilation, this.entryName).flatMap((c) => [...c.files]));
          const link = (file: string, as: 'script' | 'style') =>
            HtmlRspackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as,
              href: `${data.publicPath}${file}`,
            });
          const sorted = [...files].sort();
          data.assetTags.styles.push(
            ...sorted.filter((f) => f.endsWith('.css')).map((f) => link(f, 'style')),
          );
          data.assetTags.scripts.push(
            ...sorted.filter((f) => f.endsWith('.js')).map((f) => link(f, 'script')),
          );
          return data;
        },
      );
    });
  }
}
