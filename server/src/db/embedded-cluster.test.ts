import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { isAlive } from './data-dir-lock';
import { startCluster } from './embedded-cluster';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'cove-cluster-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const postmasterPid = (dir: string) =>
  Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);

async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded cluster', () => {
  it('is created on first start, answers on its socket, and is gone once stopped', async () => {
    const dir = join(folder, 'postgres');
    const cluster = await startCluster(dir, { detached: true, throwaway: true });
    expect(await query(cluster.url('postgres'), 'select 1 as one')).toEqual([{ one: 1 }]);
    const pid = postmasterPid(dir);
    await cluster.stop();
    expect(existsSync(join(dir, 'postmaster.pid'))).toBe(false);
    expect(isAlive(pid)).toBe(false);
  });

  it('stops a cluster whose owner died without stopping it, then starts afresh', async () => {
    const dir = join(folder, 'postgres');
    const orphan = await startCluster(dir, { detached: true, throwaway: true });
    await query(orphan.url('postgres'), 'create table kept (n int); insert into kept values (7)');
    const orphanPid = postmasterPid(dir);

    // The owner is gone (never stopped it); the next owner starts on the same folder.
    const next = await startCluster(dir, { detached: true, throwaway: true });
    expect(postmasterPid(dir)).not.toBe(orphanPid);
    expect(isAlive(orphanPid)).toBe(false);
    expect(await query(next.url('postgres'), 'select n from kept')).toEqual([{ n: 7 }]);
    await next.stop();
  });

  it('starts over from a first start that was cut short', async () => {
    const dir = join(folder, 'postgres');
    mkdirSync(`${dir}.new`);
    writeFileSync(join(`${dir}.new`, 'PG_VERSION'), '18\n');
    const cluster = await startCluster(dir, { detached: false, throwaway: true });
    expect(existsSync(`${dir}.new`)).toBe(false);
    expect(await query(cluster.url('postgres'), 'select 2 as two')).toEqual([{ two: 2 }]);
    await cluster.stop();
  });

  // Run as root, PostgreSQL runs as the user postgres, which must be able to reach the folder.
  (process.getuid?.() === 0 ? it : it.skip)(
    'reaches a data folder inside a folder private to root',
    async () => {
      const dataDir = join(folder, 'private', 'data');
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      chmodSync(join(folder, 'private'), 0o700);
      const cluster = await startCluster(join(dataDir, 'postgres'), { detached: false, throwaway: true });
      expect(statSync(join(folder, 'private')).mode & 0o777).toBe(0o701);
      expect(await query(cluster.url('postgres'), 'select 3 as three')).toEqual([{ three: 3 }]);
      await cluster.stop();
    },
  );
});
