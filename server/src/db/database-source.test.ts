import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DataDirInUseError } from './data-dir-lock';
import { serverDatabase, toolDatabase } from './database-source';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'cove-source-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

async function currentDatabase(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ name: string }>('select current_database() as name')).rows[0]?.name ?? '';
  } finally {
    await client.end();
  }
}

describe('where a process gets its database', () => {
  it('uses DATABASE_URL as given, starting nothing', async () => {
    const source = await serverDatabase({ dataDir, databaseUrl: 'postgres://db.example/cove' });
    expect(source.url).toBe('postgres://db.example/cove');
    await source.release();
    expect(existsSync(join(dataDir, 'postgres'))).toBe(false);
  });

  it('runs the embedded cluster for the server, records it for tools, and stops it on release', async () => {
    const server = await serverDatabase({ dataDir, databaseUrl: undefined });
    expect(await currentDatabase(server.url)).toBe('cove');
    const record = JSON.parse(readFileSync(join(dataDir, 'postgres.json'), 'utf8')) as { url: string };
    expect(record.url).toBe(server.url);
    await server.release();
    expect(existsSync(join(dataDir, 'postgres.json'))).toBe(false);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(join(dataDir, 'cove.pid'))).toBe(false);
  });

  it('refuses a second server on a held folder, and sends tools to the holder’s cluster', async () => {
    // Another live process (our parent stands in for a running server) holds the folder.
    writeFileSync(join(dataDir, 'cove.pid'), String(process.ppid));
    const refused = serverDatabase({ dataDir, databaseUrl: undefined });
    await expect(refused).rejects.toThrow(DataDirInUseError);
    await expect(refused).rejects.toThrow(`The data folder ${dataDir} is in use by another Cove process`);

    const url = 'postgres://postgres@localhost/cove?host=%2Fsomewhere';
    writeFileSync(join(dataDir, 'postgres.json'), JSON.stringify({ pid: process.ppid, url }));
    const tool = await toolDatabase({ dataDir, databaseUrl: undefined });
    expect(tool.url).toBe(url);
    await tool.release();
    expect(existsSync(join(dataDir, 'postgres'))).toBe(false);
  });
});
