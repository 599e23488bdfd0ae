import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { budgetProblem, firstLoadBudgetKb } from '../src/first-load-budget';
import { folderWith, rspack, srcModule } from './rspack-cli';

describe('first-load budget', () => {
  it("reads each remote's budget from its package.json", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cove-budget-'));
    await writeFile(join(dir, 'package.json'), JSON.stringify({ cove: { firstLoadBudgetKb: 95 } }));
    expect(firstLoadBudgetKb(dir)).toBe(95);
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: '@cove/chat' }));
    expect(firstLoadBudgetKb(dir)).toBeNull();
  });

  it('fails a first load past the budget with both numbers, and a remote without one', () => {
    expect(budgetProblem('chat', 95 * 1024, 95)).toBeNull();
    expect(budgetProblem('chat', 96 * 1024, 95)).toBe(
      `chat's first load is 96.0 KB brotli, over its budget of 95 KB (package.json "cove.firstLoadBudgetKb"). Load more of it lazily, or raise the budget on purpose.`,
    );
    expect(budgetProblem('chat', 1024, null)).toMatch(/^chat has no first-load budget/);
  });
});

/** A tiny federated remote built as a remote's build runs: precompressed, then checked against its budget. */
const remoteConfig = `import { ModuleFederationPlugin } from ${JSON.stringify(require.resolve('@module-federation/enhanced/rspack'))};
import { FirstLoadBudgetPlugin } from ${srcModule('first-load-budget')};
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
    new FirstLoadBudgetPlugin('tiny', __dirname),
  ],
  infrastructureLogging: { level: 'error' },
  stats: 'errors-warnings',
};
`;

async function buildWithBudget(firstLoadBudgetKb: number) {
  const dir = folderWith({
    'package.json': JSON.stringify({ name: 'tiny', cove: { firstLoadBudgetKb } }),
    'rspack.config.ts': remoteConfig,
    'App.js': 'export default function App() {\n  return "tiny";\n}\n',
  });
  const build = rspack(dir, ['build']);
  return {
    code: await build.exited,
    output: build.output(),
    built: existsSync(join(dir, 'dist', 'mf-manifest.json')),
  };
}

describe('a remote build with FirstLoadBudgetPlugin', () => {
  it('fails past the budget, saying by how much, and passes within it', async () => {
    // Side by side: each is a real Rspack build of about two seconds.
    const [over, within] = await Promise.all([buildWithBudget(1), buildWithBudget(500)]);
    expect(over.code).toBe(1);
    expect(over.output).toMatch(/ERROR.*tiny's first load is \d+\.\d KB brotli, over its budget of 1 KB/);
    expect(within).toEqual({ code: 0, output: expect.not.stringMatching(/error|first load/i), built: true });
  });
});
