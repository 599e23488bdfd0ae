import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

// Each boundary in eslint.boundaries.mjs, proven on small sources linted as if they sat at real paths:
// the forbidden import fails and its allowed neighbour passes.

const root = path.resolve(__dirname, '../../..');

/** A source file that exists in `dir` (imports must resolve for the rules to classify them). */
function someFile(dir: string): string {
  const found = readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.(test|d)\.tsx?$/.test(file) && !file.includes('testing'))
    .sort();
  if (!found[0]) throw new Error(`No source file in ${dir}`);
  return path.join(dir, found[0]);
}

/** `import` lines from `from` to each of `targets`, as a module would write them. */
function importing(from: string, targets: string[]): string {
  return targets
    .map((target, i) => {
      let specifier = path.relative(path.dirname(from), target).replace(/\.tsx?$/, '');
      if (!specifier.startsWith('.')) specifier = `./${specifier}`;
      return `export * as m${i} from '${specifier}';\n`;
    })
    .join('');
}

interface Case {
  name: string;
  file: string;
  code: string;
  /** The rule that must fail, or null when the source must pass. */
  fails:
    | 'boundaries/element-types'
    | 'no-restricted-imports'
    | '@typescript-eslint/no-restricted-imports'
    | 'no-restricted-syntax'
    | null;
}

/** A module holding `code`, linted as if it sat at `file`. */
function source(name: string, file: string, code: string, fails: Case['fails']): Case {
  return { name, file, code: `${code}\n`, fails };
}

function imports(name: string, file: string, targets: string[], fails: Case['fails']): Case {
  return { name, file, code: importing(file, targets), fails };
}

const element = 'boundaries/element-types';
const thinModule = '@typescript-eslint/no-restricted-imports';
const chatFeature = someFile('remotes/chat/src/features/chat-list');
const cases: Case[] = [
  // Between teams.
  imports(
    'a remote feature imports another remote',
    'remotes/chat/src/features/layout/probe.ts',
    [someFile('remotes/payouts/src/common')],
    element,
  ),
  imports(
    "a remote's app imports another remote's feature",
    'remotes/chat/src/probe.ts',
    [someFile('remotes/discover/src/features/feed')],
    element,
  ),
  imports(
    "a remote's test imports another remote",
    'remotes/chat/src/probe.test.ts',
    ['remotes/payouts/src/App.tsx'],
    element,
  ),
  imports('the shell imports a remote', 'shell/src/app/probe.ts', [chatFeature], element),
  imports(
    'a remote imports the shell',
    'remotes/chat/src/features/layout/probe.ts',
    ['shell/src/services/shell-context.ts'],
    element,
  ),
  imports(
    'a shared package imports the shell',
    'shared/ui/src/probe.ts',
    ['shell/src/services/shell-context.ts'],
    'no-restricted-imports',
  ),
  imports(
    "a feature's test harness renders its remote's app",
    'remotes/chat/src/features/layout/testing/probe.tsx',
    ['remotes/chat/src/App.tsx'],
    null,
  ),
  // Inside a remote.
  imports(
    'a feature imports another feature',
    'remotes/chat/src/features/layout/probe.ts',
    [chatFeature],
    element,
  ),
  imports("a remote's app imports its features", 'remotes/chat/src/probe.ts', [chatFeature], null),
  imports(
    "a feature imports its remote's common",
    'remotes/payouts/src/features/summary/probe.ts',
    [someFile('remotes/payouts/src/common')],
    null,
  ),
  // Inside the shell.
  imports('the session imports the app', 'shell/src/session/probe.ts', ['shell/src/app/App.tsx'], element),
  imports(
    'a service imports the session',
    'shell/src/services/probe.ts',
    ['shell/src/session/account.ts'],
    element,
  ),
  imports(
    'a screen imports a layout',
    'shell/src/screens/probe.ts',
    ['shell/src/layout/Header.tsx'],
    element,
  ),
  imports(
    'realtime imports the session (sideways, against its one way)',
    'shell/src/realtime/probe.ts',
    ['shell/src/session/account.ts'],
    element,
  ),
  imports(
    'a screen imports the session and the services',
    'shell/src/screens/probe.ts',
    ['shell/src/session/account.ts', 'shell/src/services/shell-context.ts'],
    null,
  ),
  imports(
    'the app imports screens, federation and services',
    'shell/src/app/probe.ts',
    ['shell/src/screens/NotFound.tsx', someFile('shell/src/federation'), 'shell/src/services/popup-store.ts'],
    null,
  ),
  // The shared singletons' libraries, reached only through their thin modules.
  source(
    'a remote imports react-router-dom',
    'remotes/chat/src/features/chat-list/probe.ts',
    "export { Link } from 'react-router-dom';",
    thinModule,
  ),
  source(
    'a shared package imports react-router',
    'shared/ui/src/probe.ts',
    "export { Link } from 'react-router';",
    thinModule,
  ),
  source(
    'the shell imports @cove/router',
    'shell/src/layout/probe.ts',
    "export { Link } from '@cove/router';",
    null,
  ),
  source(
    'the runtime imports a value from rxjs',
    'shared/runtime/src/bus/probe.ts',
    "export { Subject } from 'rxjs';",
    thinModule,
  ),
  source(
    'a shared package imports @cove/rx, and a type from rxjs',
    'shared/contracts/src/probe.ts',
    "export { Subject } from '@cove/rx';\nexport type { Observable } from 'rxjs';",
    null,
  ),
  source(
    'the router module imports react-router',
    'shared/router/src/probe.ts',
    "export { Link } from 'react-router';",
    null,
  ),
  // Inside the server.
  imports(
    'infrastructure imports a domain',
    'server/src/realtime/probe.ts',
    [someFile('server/src/ledger')],
    element,
  ),
  imports(
    'infrastructure with a named debt imports another domain',
    'server/src/plugins/realtime.ts',
    [someFile('server/src/ledger')],
    element,
  ),
  imports(
    'infrastructure imports the assembly',
    'server/src/plugins/probe.ts',
    ['server/src/app.ts'],
    element,
  ),
  imports(
    'infrastructure imports infrastructure and server-wide modules',
    'server/src/realtime/probe.ts',
    [someFile('server/src/db'), someFile('server/src/bus'), 'server/src/config.ts', 'server/src/errors.ts'],
    null,
  ),
  imports(
    'a domain imports infrastructure and another domain',
    'server/src/chats/probe.ts',
    [someFile('server/src/db'), someFile('server/src/ledger')],
    null,
  ),
  {
    name: 'a route registered outside routes/',
    file: 'server/src/chats/probe.ts',
    code: "export const probe = (app: { get(path: string, handler: () => null): void }) => app.get('/x', () => null);\n",
    fails: 'no-restricted-syntax',
  },
  {
    name: 'a route registered in routes/',
    file: 'server/src/routes/probe.ts',
    code: "export const probe = (app: { get(path: string, handler: () => null): void }) => app.get('/x', () => null);\n",
    fails: null,
  },
];

let results: { ruleId: string | null; message: string }[][] = [];

beforeAll(() => {
  const input = JSON.stringify(cases.map(({ file, code }) => ({ filePath: path.join(root, file), code })));
  const output = execFileSync(process.execPath, [path.join(__dirname, 'lint-sources.mjs')], {
    cwd: root,
    input,
    encoding: 'utf8',
  });
  results = JSON.parse(output) as typeof results;
}, 120_000);

test('every source was linted', () => expect(results).toHaveLength(cases.length));

test.each(cases.map((c, i) => [c.name, c.fails, i] as const))('%s', (_name, fails, i) => {
  const messages = results[i] ?? [];
  if (fails) expect(messages.map((m) => m.ruleId)).toContain(fails);
  else expect(messages).toEqual([]);
});
