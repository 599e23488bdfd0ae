import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Money is shown in dollars; credits appear only where they are what is bought (docs/rules.md, Money
// on screen). This reads every text the shell and the remotes can put on screen (string literals,
// template text and JSX text of their sources, tests aside) and fails on one that says "credit" outside
// the screens where credits are bought.

const root = path.resolve(__dirname, '../../..');

/** Where credits may be named: buying them, what a purchase added, and the spec's own texts. */
const creditScreens = [
  'remotes/account/src/features/get-credits/', // the packages, a purchase's result
  'remotes/account/src/features/history/', // credit purchases and their receipts
  'shell/src/screens/ThreeDsCallback.tsx', // what a card payment added
  'shell/src/popups/popup-content.tsx', // not-enough-credits, 'Buy Credits', a crypto top-up (the spec's)
  'shell/src/screens/legal/', // the terms say what credits are
  'remotes/account/src/features/staff/', // staff grant promotional credits, the unit a grant is in
];

/** Anywhere, a way to the credit packages may say what it leads to ('Get credits', 'Buy Credits'). */
const waysToBuy = /^(get|buy( more)?) credits$|\bbuy( more)? credits\b/i;

const sourceDirs = ['shell/src', ...readdirSync(path.join(root, 'remotes')).map((r) => `remotes/${r}/src`)];

function sources(): string[] {
  return sourceDirs.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter(
        (f) => /\.tsx?$/.test(f) && !/\.(test|d)\.tsx?$/.test(f) && !f.split(path.sep).includes('testing'),
      )
      .map((f) => path.join(dir, f).split(path.sep).join('/')),
  );
}

/** Texts a person may read: words with a space between them, not ids, codes, routes or keys. */
const readable = (text: string) => /\S\s+\S/.test(text) || /^[A-Z][a-z]/.test(text.trim());

/** Every text in a source that names credits, as `file: text`. */
function creditTexts(file: string): string[] {
  const code = readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // Imports name modules, not things on screen.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    let text: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node))
      text = node.text;
    else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      text = node.text;
    if (text !== null && /\bcredits?\b/i.test(text) && readable(text) && !waysToBuy.test(text.trim()))
      found.push(`${file}: ${text.trim()}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('money words on screen', () => {
  const files = sources();

  it('reads the sources of the shell and every remote', () => {
    expect(files.length).toBeGreaterThan(100);
    // The scan sees credits where they are allowed, so it would see them anywhere.
    expect(
      files.filter((f) => creditScreens.some((s) => f.startsWith(s))).flatMap(creditTexts),
    ).toContainEqual(expect.stringContaining('Not enough credits'));
  });

  it('names credits only on the screens where they are bought', () => {
    const outside = files.filter((f) => !creditScreens.some((s) => f.startsWith(s))).flatMap(creditTexts);
    expect(outside).toEqual([]);
  });
});
