import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { serverDatabase } from './db/database-source';
import { migrationsFolder, repoRoot } from './paths';
import { ensureRemotesPublished } from './release';
import { seedDemoAutoMessages } from './seed/demo-auto-messages';
import { seedDemoBroadcasts } from './seed/demo-broadcasts';
import { seedDemoBundles } from './seed/demo-bundles';
import { seedDemoCareful } from './seed/demo-careful';
import { seedDemoChats } from './seed/demo-chats';
import { seedDemoEarnings } from './seed/demo-earnings';
import { seedDemoFans } from './seed/demo-fans';
import { seedDemoOffers } from './seed/demo-offers';
import { seedDemoHomeFeed } from './seed/demo-home-feed';
import { seedDemoHistory } from './seed/demo-history';
import { seedDemoIdDocument } from './seed/demo-id-document';
import { seedDemoMoneyLines } from './seed/demo-money-lines';
import { seedDemoNotifications } from './seed/demo-notifications';
import { seedDemoReports } from './seed/demo-reports';
import { seedDemoProfiles } from './seed/demo-profiles';
import { seedDemoTips } from './seed/demo-tips';
import { seedDemoEngagement } from './seed/demo-engagement';
import { seedDemoPostMedia } from './seed/demo-post-media';
import { seedDemoTrust } from './seed/demo-trust';
import { seedDemoWorld } from './seed/demo-world';
import { seedDemoSecondFactor } from './seed/demo-second-factor';
import { writeServerFile } from './server-file';

async function main(): Promise<void> {
  const config = loadConfig();
  const source = await serverDatabase(config);
  const database = openDatabase({ url: source.url, migrationsFolder });
  let app: FastifyInstance | undefined;
  let removeServerFile = () => {};
  // From here every way out closes in order: the app, its pool, then the embedded cluster.
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      removeServerFile();
      await app?.close();
      await database.close();
      await source.release();
    })());
  const onSignal = (signal: string) => {
    app?.log.info({ signal }, 'shutting down');
    void close().then(() => process.exit(0));
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);

  try {
    await database.migrate();
    const seeded = config.seedDemo && (await seedDemoWorld(database.db, join(config.dataDir, 'media')));
    app = await buildApp({ config, database });
    // Demo conversations go through the API, so they need the app; only into a world just created.
    if (seeded) {
      await seedDemoChats(app);
      await seedDemoBundles(app);
      await seedDemoProfiles(app);
      await seedDemoEarnings(app);
      await seedDemoTips(app);
      await seedDemoEngagement(app);
      // Before the auto-messages: a welcome arriving in the hidden chat would bring it back.
      await seedDemoCareful(app);
      await seedDemoHistory(app);
      await seedDemoAutoMessages(app);
      await seedDemoBroadcasts(app);
      await seedDemoMoneyLines(app);
      await seedDemoFans(app);
      await seedDemoOffers(app);
      await seedDemoHomeFeed(app);
      // Staff act with a second factor: cove-staff's is set up before the reports staff handled.
      await seedDemoSecondFactor(app.db, app.factorBox);
      await seedDemoReports(app);
      await seedDemoNotifications(app);
      await seedDemoTrust(app);
      await seedDemoIdDocument(app);
      await seedDemoPostMedia(app);
    }
    // A fresh data folder gets the remotes as built. In production later versions come only through
    // the release CLI; elsewhere a build never published before is served at start.
    const log = app.log;
    await ensureRemotesPublished(config.dataDir, repoRoot, (line) => log.info(line), {
      adoptNewBuilds: config.env !== 'production',
    });
    await app.listen({ host: config.host, port: config.port });
    const { port } = app.server.address() as AddressInfo;
    removeServerFile = writeServerFile(config.dataDir, {
      pid: process.pid,
      port,
      adminSecret: app.adminSecret,
    });
  } catch (err) {
    // A signal during start-up is already closing everything; what failed because of it is no news.
    if (closing) return;
    await close();
    throw err;
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78);
  }
  if (err instanceof DataDirInUseError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
