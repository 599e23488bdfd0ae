import childProcess, { type SpawnOptions } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { defaultVideoLimits } from '../../src/media/video-limits';
import { probeVideo } from '../../src/media/video-probe';
import { extractStill, makeWebVideo } from '../../src/media/video-renditions';
import { webm } from './helpers/fixtures';

let dir: string;
let spawned: { command: string; args: string[] }[];
let spy: jest.SpyInstance;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cove-ffmpeg-command-'));
  spawned = [];
  const spawn = childProcess.spawn;
  // The real spawn, watched: the test reads the command lines the tools were started with.
  spy = jest
    .spyOn(childProcess, 'spawn')
    .mockImplementation((command: string, args: readonly string[], options: SpawnOptions) => {
      spawned.push({ command, args: [...args] });
      return spawn(command, args, options);
    });
});
afterEach(() => {
  spy.mockRestore();
  rmSync(dir, { recursive: true, force: true });
});

const valuesOf = (args: string[], flag: string) => args.flatMap((a, i) => (a === flag ? [args[i + 1]] : []));

it('runs every tool of a video job under nice -n 10, and ffmpeg on one thread for decoding, filters and encoding', async () => {
  const source = join(dir, 'in.webm');
  writeFileSync(source, webm());
  const info = await probeVideo(source, 'matroska');
  await extractStill(source, 'matroska', info, dir, defaultVideoLimits);
  const made = await makeWebVideo(source, 'matroska', info, dir, defaultVideoLimits);
  expect(made.transcoded).toBe(true);

  expect(spawned.length).toBeGreaterThanOrEqual(3);
  for (const { command, args } of spawned) {
    expect(basename(command)).toBe('nice');
    expect(args.slice(0, 2)).toEqual(['-n', '10']);
    expect(['ffmpeg', 'ffprobe']).toContain(basename(args[2] ?? ''));
  }
  const encodes = spawned.filter((s) => basename(s.args[2] ?? '') === 'ffmpeg');
  expect(encodes.length).toBeGreaterThanOrEqual(2);
  for (const { args } of encodes) expect(valuesOf(args, '-filter_threads')).toEqual(['1']);
  // The decoder's -threads before the input, the encoder's after it.
  const web = encodes.find((s) => s.args.includes('libx264'));
  expect(valuesOf(web?.args ?? [], '-threads')).toEqual(['1', '1']);
});
