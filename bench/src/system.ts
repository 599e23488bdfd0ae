import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/src/app';
import { issueAccessToken } from '../../server/src/auth/tokens';
import { loadConfig } from '../../server/src/config';
import { openDatabase } from '../../server/src/db/client';
import { serverDatabase } from '../../server/src/db/database-source';
import { users } from '../../server/src/db/schema';
import { postMovement } from '../../server/src/ledger/ledger';
import { migrationsFolder } from '../../server/src/paths';

/**
 * The real server on a fresh database (the embedded cluster the server runs by default, or
 * BENCH_DATABASE_URL), listening on a free port. `extend` adds a benchmark's own routes before it listens.
 */
export async function startCove(opts: { extend?: (app: FastifyInstance) => void } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cove-bench-'));
  const url = process.env.BENCH_DATABASE_URL;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '100000000',
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const source = await serverDatabase(config);
  const database = openDatabase({ url: source.url, migrationsFolder, poolSize: 20 });
  await database.migrate();
  const app = await buildApp({ config, database, logger: false });
  opts.extend?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  return {
    app,
    db: database.db,
    kind: url ? 'postgres' : 'embedded',
    dataDir,
    port,
    async user(type: 'user' | 'featured', credits = 0) {
      const tag = Math.random().toString(36).slice(2);
      const [row] = await database.db
        .insert(users)
        .values({ email: `${tag}@bench.test`, username: `b-${tag}`, type, creditRate: 1 })
        .returning();
      if (!row) throw new Error('no user');
      if (credits > 0) {
        await database.db.transaction((tx) =>
          postMovement(tx, {
            kind: 'bench',
            entries: [
              { account: { owner: null, kind: 'promotions' }, amount: -credits },
              { account: { owner: row.id, kind: 'credits' }, amount: credits },
            ],
          }),
        );
      }
      return { row, token: await issueAccessToken(database.db, row.id) };
    },
    /** Opens the chat between a fan (by access token) and a creator through the API; its id. */
    async openChat(fanToken: string, creatorId: string): Promise<string> {
      const res = await fetch(`http://127.0.0.1:${port}/v1/chat`, {
        method: 'POST',
        headers: { 'access-token': fanToken, 'content-type': 'application/json' },
        body: JSON.stringify({ recipient_id: creatorId }),
      });
      if (!res.ok) throw new Error(`chat not opened: ${res.status}`);
      return ((await res.json()) as { data: { _id: string } }).data._id;
    },
    async stop() {
      await app.close();
      await database.close();
      await source.release();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type Cove = Awaited<ReturnType<typeof startCove>>;
