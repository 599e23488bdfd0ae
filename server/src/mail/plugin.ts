import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '.';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailer = fp(
  async (app: FastifyInstance, opts: { mailer?: Mailer }) => {
    const m = opts.mailer ?? createMailer(app.config);
    app.decorate('mailer', m);
    app.addHook('onClose', () => m.close());
  },
  { name: 'mailer', decorators: { fastify: ['config'] } },
);
