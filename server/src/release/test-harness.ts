// For tests that drive the release CLI (`main` in src/cli/release.ts).

/** Collects what the CLI prints, line by line, for a test to read. */
export function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

/** Runs `fn` in `dir`, where the CLI looks for the workspace, and returns to the old directory after. */
export async function inDirectory<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    return await fn();
  } finally {
    process.chdir(cwd);
  }
}
