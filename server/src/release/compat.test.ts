import { packageOf, sharedProblems } from './compat';

const shell = [
  { name: 'react', version: '19.2.1', singleton: true },
  { name: 'react-dom', version: '19.2.1', singleton: true },
  { name: 'react-router', version: '7.9.4', singleton: true },
];

describe('shared singleton compatibility', () => {
  it('accepts ranges the shell’s versions satisfy, subpaths included', () => {
    const remote = [
      { name: 'react', version: '19.2.1', requiredVersion: '^19.0.0', singleton: true },
      { name: 'react-dom/client', version: '19.2.1', requiredVersion: '^19.2.0', singleton: true },
    ];
    expect(sharedProblems(shell, remote)).toEqual([]);
  });

  it('refuses a range the shell does not satisfy, a non-singleton and an unshared library', () => {
    const remote = [
      { name: 'react', version: '20.0.0', requiredVersion: '^20.0.0', singleton: true },
      { name: 'react-router', version: '7.9.4', requiredVersion: '^7.0.0', singleton: false },
      { name: 'valtio', version: '2.1.0', requiredVersion: '^2.1.0', singleton: true },
    ];
    expect(sharedProblems(shell, remote)).toEqual([
      'react: the remote needs ^20.0.0, the shell provides 19.2.1',
      'react-router: the shell shares it as a singleton but the remote does not',
      'valtio: the shell does not share it, so the remote would run a second copy',
    ]);
  });

  it('names the package of a subpath', () => {
    expect(packageOf('react-dom/client')).toBe('react-dom');
    expect(packageOf('@scope/pkg/sub')).toBe('@scope/pkg');
  });
});
