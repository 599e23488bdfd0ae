// Lints sources given on stdin ([{ filePath, code }]) with the workspace's real ESLint config and prints
// each file's boundary messages as JSON. A separate process: jest cannot load the ES-module config.
import { ESLint } from 'eslint';
import { text } from 'node:stream/consumers';

const boundaryRules = new Set([
  'boundaries/element-types',
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
  'no-restricted-syntax',
]);

const eslint = new ESLint({
  cwd: process.cwd(),
  // The boundary rules read paths, not types: skip building the TypeScript programs.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => boundaryRules.has(ruleId),
});

const sources = JSON.parse(await text(process.stdin));
const results = [];
for (const { filePath, code } of sources) {
  const [result] = await eslint.lintText(code, { filePath });
  results.push((result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(results));
