import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { folderWith, rspack, srcModule } from './rspack-cli';

const config = `import { DevBuildReportPlugin } from ${srcModule('dev-build-report')};

export default {
  context: __dirname,
  mode: 'production',
  entry: { main: './main.js' },
  optimization: { minimize: false },
  plugins: [new DevBuildReportPlugin()],
};
`;
// Rspack builds it and warns ("Critical dependency"): "compiled with 1 warning".
const withWarning = 'const name = String(Math.random());\nconsole.log(require(name));\n';
const withError = 'import "./nowhere";\n';
const clean = 'console.log("hello");\n';

describe('DevBuildReportPlugin in `rspack build --watch`, as npm run dev runs it', () => {
  it('tells the dev server of every finished compile, with its errors and warnings', async () => {
    const dir = folderWith({ 'rspack.config.ts': config, 'main.js': withWarning });
    const build = rspack(dir, ['build', '--watch']);
    const report = (errors: number, warnings: number) => ({ type: 'cove-dev-build', errors, warnings });

    expect(await build.nextMessage()).toEqual(report(0, 1));
    writeFileSync(join(dir, 'main.js'), withError);
    expect(await build.nextMessage()).toEqual(report(1, 0));
    writeFileSync(join(dir, 'main.js'), clean);
    expect(await build.nextMessage()).toEqual(report(0, 0));
    writeFileSync(join(dir, 'main.js'), withWarning);
    expect(await build.nextMessage()).toEqual(report(0, 1));
    // What a person reads is unchanged: the CLI still prints the warning.
    expect(build.output()).toContain('Critical dependency');
  });
});
