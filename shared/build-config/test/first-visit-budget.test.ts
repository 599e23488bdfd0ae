import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstVisitBudgetKb, firstVisitProblem, shellFirstVisit } from '../src/first-visit';
import { folderWith, rspack, srcModule } from './rspack-cli';

const size = (kb: number) => ({ brotli: kb * 1024, gzip: kb * 1200, raw: kb * 4000 });

describe('first-visit budget', () => {
  it("reads a part's budget from its package.json", () => {
    const dir = folderWith({ 'package.json': JSON.stringify({ cove: { firstVisitBudgetKb: 150 } }) });
    expect(firstVisitBudgetKb(dir)).toBe(150);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: '@cove/chat' }));
    expect(firstVisitBudgetKb(dir)).toBeNull();
  });

  it('fails a visit past the budget with its parts and both numbers, and a part without one', () => {
    const parts = [
      { name: 'shell', size: size(100) },
      { name: 'chat', size: size(50) },
    ];
    expect(firstVisitProblem('the chat pages', parts, 150, 'remotes/chat/package.json')).toBeNull();
    expect(firstVisitProblem('the chat pages', parts, 149, 'remotes/chat/package.json')).toBe(
      `A first visit to the chat pages is 150.0 KB brotli (shell 100.0 + chat 50.0), over its budget of 149 KB (remotes/chat/package.json "cove.firstVisitBudgetKb"). Load more of it lazily, or raise the budget on purpose.`,
    );
    expect(firstVisitProblem('the chat pages', parts, null, 'remotes/chat/package.json')).toBe(
      'remotes/chat/package.json sets no first-visit budget: add "cove": { "firstVisitBudgetKb": N }.',
    );
  });

  it("counts the shell's page as its size report lists it, or nothing before a shell build", () => {
    const dir = folderWith({
      'index.html': 'x'.repeat(1000),
      'main.js': 'y'.repeat(3000),
      'main.js.br': 'z'.repeat(200),
      'size-report.json': JSON.stringify({ page: { files: ['index.html', 'main.js'] } }),
    });
    expect(shellFirstVisit(dir)?.size).toEqual({ raw: 4000, brotli: 1200, gzip: 4000 });
    expect(shellFirstVisit(join(dir, 'nowhere'))).toBeNull();
  });
});

/** A tiny federated remote built as a remote's build runs: precompressed, then checked with the shell. */
const remoteConfig = `import { ModuleFederationPlugin } from ${JSON.stringify(require.resolve('@module-federation/enhanced/rspack'))};
import { RemoteFirstVisitBudgetPlugin } from ${srcModule('first-visit-budget')};
import { PrecompressPlugin } from ${srcModule('precompress')};

export default {
  context: __dirname,
  mode: 'production',
  entry: {},
  output: { path: __dirname + '/dist', publicPath: 'auto', clean: true },
  plugins: [
    new ModuleFederationPlugin({
      name: 'cove_tiny',
      filename: 'remoteEntry.js',
      exposes: { './App': './App.js' },
      manifest: true,
      dts: false,
    }),
    new PrecompressPlugin(),
    new RemoteFirstVisitBudgetPlugin('tiny', __dirname),
  ],
  infrastructureLogging: { level: 'error' },
  stats: 'errors-warnings',
};
`;

/**
 * A checkout holding `remotes/tiny` with `firstVisitBudgetKb`, and, when `shellKb` is given, a built
 * shell whose page is that many KB (incompressible, so brotli counts it whole).
 */
function checkout(firstVisitBudgetKb: number, shellKb: number | null) {
  const root = folderWith({});
  const remote = join(root, 'remotes', 'tiny');
  mkdirSync(remote, { recursive: true });
  writeFileSync(join(remote, 'package.json'), JSON.stringify({ name: 'tiny', cove: { firstVisitBudgetKb } }));
  writeFileSync(join(remote, 'rspack.config.ts'), remoteConfig);
  writeFileSync(join(remote, 'App.js'), 'export default function App() {\n  return "tiny";\n}\n');
  if (shellKb !== null) {
    const shell = join(root, 'shell', 'dist');
    mkdirSync(shell, { recursive: true });
    writeFileSync(join(shell, 'index.html'), randomBytes(shellKb * 1024));
    writeFileSync(join(shell, 'size-report.json'), JSON.stringify({ page: { files: ['index.html'] } }));
  }
  return remote;
}

async function build(dir: string) {
  const run = rspack(dir, ['build']);
  return {
    code: await run.exited,
    output: run.output(),
    built: existsSync(join(dir, 'dist', 'mf-manifest.json')),
  };
}

describe('a remote build with RemoteFirstVisitBudgetPlugin', () => {
  it("fails when the built shell's page and the remote together pass the budget, and passes within it", async () => {
    // Side by side: each is a real Rspack build of about two seconds.
    const [over, within, noShell] = await Promise.all([
      build(checkout(50, 40)),
      build(checkout(120, 40)),
      build(checkout(1, null)),
    ]);
    expect(over.code).toBe(1);
    expect(over.output).toMatch(
      /ERROR.*A first visit to the tiny pages is \d+\.\d KB brotli \(shell 40\.0 \+ tiny \d+\.\d\), over its budget of 50 KB/,
    );
    expect(within.code).toBe(0);
    expect(within.output).toMatch(
      /the tiny pages +shell 40\.0 \+ tiny \d+\.\d +\d+\.\d KB brotli .*budget 120 KB/,
    );
    expect(within.output).not.toMatch(/error/i);
    // Before any shell build there is no visit to count: the shell's build checks it later.
    expect(noShell).toEqual({
      code: 0,
      output: expect.not.stringMatching(/error|first visit/i),
      built: true,
    });
  });
});
