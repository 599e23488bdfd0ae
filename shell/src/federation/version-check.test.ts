import { builtWithOf, versionProblem, versionTexts } from './version-check';

const page = { host: 2, realtime: 1 };

describe('version check', () => {
  it('lets a remote built for this page’s contract and protocol run', () => {
    expect(versionProblem({ host: 2, realtime: 1 }, null, page)).toBeNull();
  });

  it('asks for a newer page when the remote or the server is ahead of it, and waits when the remote is behind', () => {
    expect(versionProblem({ host: 3, realtime: 1 }, null, page)?.text).toBe(versionTexts.newerPage);
    expect(versionProblem({ host: 1, realtime: 1 }, null, page)?.text).toBe(versionTexts.outdated);
    expect(versionProblem({ host: 2, realtime: 2 }, null, page)?.text).toBe(versionTexts.newerPage);
    expect(versionProblem({ host: 2, realtime: 0 }, null, page)?.text).toBe(versionTexts.outdated);
    expect(versionProblem({ host: 2, realtime: 1 }, 2, page)).toEqual({
      text: versionTexts.newerPage,
      detail: 'the socket speaks realtime protocol 2; this page reads 1',
    });
  });

  it('reads what a remote module declares, and version 1 of both from one that declares nothing', () => {
    expect(builtWithOf({ builtWith: { host: 2, realtime: 1 } })).toEqual({ host: 2, realtime: 1 });
    expect(builtWithOf({})).toEqual({ host: 1, realtime: 1 });
    expect(builtWithOf({ builtWith: { host: 'two' } })).toEqual({ host: 1, realtime: 1 });
  });
});
