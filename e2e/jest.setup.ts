// Browser journeys build and release remotes; the workspace-wide default timeout is for unit tests.
jest.setTimeout(240_000);
