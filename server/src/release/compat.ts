import type { SharedDeclaration } from './manifest';
import { satisfies } from 'semver';

/** `react-dom/client` -> `react-dom`; `@scope/pkg/sub` -> `@scope/pkg`. */
export function packageOf(name: string): string {
  const parts = name.split('/');
  return name.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

/**
 * Why a remote cannot run beside the shell, or nothing. The shell loads first and provides every
 * singleton, so each singleton the remote declares must be provided by the shell, at a version inside
 * the remote's range, and be declared a singleton by the remote too.
 */
export function sharedProblems(shell: SharedDeclaration[], remote: SharedDeclaration[]): string[] {
  const byName = new Map(shell.map((s) => [s.name, s]));
  const problems: string[] = [];
  for (const dep of remote) {
    const provided = byName.get(dep.name) ?? byName.get(packageOf(dep.name));
    if (!provided) {
      problems.push(`${dep.name}: the shell does not share it, so the remote would run a second copy`);
      continue;
    }
    if (provided.singleton && !dep.singleton) {
      problems.push(`${dep.name}: the shell shares it as a singleton but the remote does not`);
    }
    const range = dep.requiredVersion;
    if (range && range !== '*' && !satisfies(provided.version, range)) {
      problems.push(`${dep.name}: the remote needs ${range}, the shell provides ${provided.version}`);
    }
  }
  return problems;
}
