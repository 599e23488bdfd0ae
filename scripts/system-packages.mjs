// The programs npm cannot install: Debian's Chromium (browser journeys) and ffmpeg with ffprobe
// (video processing). As root on a system with apt-get (Debian) they are installed, saying so in one
// line; elsewhere the task stops (or, for a server, warns) naming the one command to run.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const onPath = (name) =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });

const programs = {
  // The journeys launch the browser at this path (e2e/support/chromium.ts).
  chromium: {
    present: () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    brew: '--cask chromium',
  },
  ffmpeg: { present: () => onPath('ffmpeg') && onPath('ffprobe'), brew: 'ffmpeg' },
};

const APT_GET = '/usr/bin/apt-get';

const aptGet = (args) =>
  // Waits for another apt-get (a second `npm test` at the same time) instead of failing on its lock.
  spawnSync(APT_GET, ['-qq', '-o', 'DPkg::Lock::Timeout=300', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    encoding: 'utf8',
  });

function howToInstall(packages) {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  if (existsSync(APT_GET))
    return `Run: ${sudo}apt-get update && ${sudo}apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  if (process.platform === 'darwin') {
    const brew = packages.map((p) => `brew install ${programs[p].brew}`).join(' && ');
    return `Run: ${brew}${packages.includes('chromium') ? ' (then set CHROMIUM_PATH to its binary)' : ''}`;
  }
  return "Install them with the system's package manager.";
}

// What each root task needs. The server runs without ffmpeg (only video uploads fail), so `start`
// warns where `test` stops; `release` status and rollback need no browser, only publish's smoke test.
const needsOf = {
  test: { needs: ['chromium', 'ffmpeg'] },
  e2e: { needs: ['chromium'] },
  bench: { needs: ['ffmpeg'] },
  start: { needs: ['ffmpeg'], optional: true, meanwhile: 'video uploads fail; photos work' },
  release: {
    needs: ['chromium'],
    optional: true,
    meanwhile: 'publish refuses: its smoke test runs in Chromium',
  },
};

/** Makes sure what `task` needs is there: returns when it is, else installs it or says how. */
export function ensureSystemPackages(task) {
  const { needs = [], optional = false, meanwhile = '' } = needsOf[task] ?? {};
  const missing = needs.filter((name) => !programs[name].present());
  if (missing.length === 0) return;
  const command = ['start', 'test'].includes(task) ? `npm ${task}` : `npm run ${task}`;
  const canInstall = process.getuid?.() === 0 && existsSync(APT_GET);
  if (canInstall) {
    console.log(`${command} needs ${missing.join(' and ')}: installing with apt-get.`);
    const update = aptGet(['update']);
    const install =
      update.status === 0 ? aptGet(['install', '-y', '--no-install-recommends', ...missing]) : update;
    if (install.status === 0 && missing.every((name) => programs[name].present())) return;
    console.error(install.stderr?.trim() || `apt-get exited with ${install.status ?? install.signal}`);
  }
  const say = `${command} needs ${missing.join(' and ')}, which npm cannot install. ${howToInstall(missing)}`;
  if (optional) {
    console.warn(`${say} (until then ${meanwhile}).`);
    return;
  }
  console.error(say);
  process.exit(1);
}
