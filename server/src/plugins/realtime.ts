import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Bus, createBus } from '../bus';
import { chatPartners } from '../chats/presence-watchers';
import { RealtimeHub } from '../realtime/hub';

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
    realtime: RealtimeHub;
  }
}

/** The bus between instances and this instance's socket hub; both stop with the app. */
export const realtime = fp(async (app: FastifyInstance) => {
  const bus = createBus(app.config.redisUrl);
  const hub = new RealtimeHub(app.db, bus, app.log);
  hub.watchers = chatPartners(app.db);
  await hub.start();
  app.decorate('bus', bus);
  app.decorate('realtime', hub);
  app.addHook('preClose', async () => {
    await hub.stop();
    await bus.close();
  });
});
