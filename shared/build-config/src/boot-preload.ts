import {
  type Chunk,
  type Compilation,
  type Compiler,
  HtmlRspackPlugin,
  type Module,
  type RspackPluginInstance,
} from '@rspack/core';

type Block = Module['blocks'][number];

/**
 * A shared module's scope and name, from Module Federation's module identifiers: `provide shared
 * module (default) react-dom@19.3.1 = …` and `consume shared module (default) react-dom@^19.2.0 …`.
 */
const sharedModule = /^(provide|consume) shared module \((\S+)\) (.+?)@/;

/**
 * The chunks the entry `entryName` loads before it can run: what its async import (the `bootstrap`
 * boundary) pulls in and, transitively, every shared module those chunks consume; their own async
 * imports load later, when used. At boot the shell is
 * the only provider in the shared scope, so a consumed module loads from the chunks of the shell's own
 * provided copy, not from the consumer's fallback (Rspack may emit that as a second copy); libraries
 * provided for remotes alone are left out.
 */
export function bootChunks(compilation: Compilation, entryName: string): Chunk[] {
  const entry = compilation.entrypoints.get(entryName);
  if (!entry) return [];
  const graph = compilation.chunkGraph;
  const entryModules = [...graph.getChunkEntryModulesIterable(entry.getEntrypointChunk())];
  const provided = new Map<string, Block[]>();
  for (const module of graph.getChunkModulesIterable(entry.getEntrypointChunk())) {
    const [, kind, scope, name] = sharedModule.exec(module.identifier()) ?? [];
    if (kind === 'provide') provided.set(`${scope}:${name}`, module.blocks);
  }
  const chunks = new Map<string, Chunk>();
  const blocks: Block[] = entryModules.flatMap((m) => m.blocks);
  for (let block = blocks.pop(); block; block = blocks.pop()) {
    blocks.push(...block.blocks);
    for (const chunk of graph.getBlockChunkGroup(block)?.chunks ?? []) {
      const key = String(chunk.id);
      if (chunks.has(key)) continue;
      chunks.set(key, chunk);
      for (const module of graph.getChunkModulesIterable(chunk)) {
        const [, kind, scope, name] = sharedModule.exec(module.identifier()) ?? [];
        // Other async imports (a screen loaded when its route opens) are not part of the boot.
        if (kind === 'consume') blocks.push(...(provided.get(`${scope}:${name}`) ?? module.blocks));
      }
    }
  }
  return [...chunks.values()];
}

/** The entry's own files, then the chunks its boot loads: styles first, each group in name order. */
export function bootFiles(compilation: Compilation, entryName: string): string[] {
  const files = (chunks: Iterable<Chunk>) => [...chunks].flatMap((c) => [...c.files]).sort();
  const entry = files(compilation.entrypoints.get(entryName)?.chunks ?? []);
  const boot = files(bootChunks(compilation, entryName));
  return [...new Set([...entry, ...boot.filter((f) => f.endsWith('.css')), ...boot])];
}

/**
 * Adds `<link rel="preload">` to the shell page for the entry script and every script and style sheet
 * its boot loads after it, so the browser fetches them all with the page, at high priority (a deferred
 * script alone would be fetched at low priority, and the chunks one round trip after it ran). The
 * shell's chunks are classic scripts and plain style sheets (no `crossorigin`), so the links carry
 * none either: a preload is reused only when its request matches the later one.
 */
export class BootPreloadPlugin implements RspackPluginInstance {
  constructor(private readonly entryName: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('CoveBootPreload', (compilation) => {
      HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise(
        'CoveBootPreload',
        async (data) => {
          const links = bootFiles(compilation, this.entryName)
            .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
            .map((f) =>
              HtmlRspackPlugin.createHtmlTagObject('link', {
                rel: 'preload',
                as: f.endsWith('.css') ? 'style' : 'script',
                href: `${data.publicPath}${f}`,
              }),
            );
          // Before the entry's own <script>, so its request is the first and no longer low priority.
          data.assetTags.scripts.unshift(...links);
          return data;
        },
      );
    });
  }
}
