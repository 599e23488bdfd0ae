import { cardTokenBody, cardTokenResponse } from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { withErrors } from './with-errors';
import { CENTS_PER_CREDIT, CRYPTO_CURRENCY, cryptoQuote } from '../payments/packages';
import { challengePage, finishedPage, invoicePage } from '../payments/sandbox/sandbox-pages';

const params = z.object({ id: z.string().check(z.maxLength(100)) });

/**
 * The sandbox provider's endpoints, as a processor would host them: the card form's token call, the
 * 3-D Secure challenge page and the crypto invoice page. Only mounted while the sandbox is the provider.
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const sandbox = app.payments.sandbox;
  if (!sandbox) return;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post(
    '/sandbox/v1/tokens',
    { schema: { body: cardTokenBody, response: withErrors({ 200: cardTokenResponse }) } },
    async (request) => sandbox.tokenize(request.body),
  );

  app.get('/sandbox/3ds/:id', { schema: { params } }, async (request, reply) => {
    const p = await sandbox.payment(request.params.id);
    if (!p || p.method !== 'card') return reply.code(404).type('text/html').send(finishedPage('/'));
    if (p.status !== 'requires_action')
      return reply.type('text/html').send(finishedPage(p.status === 'succeeded' ? p.returnUrl : p.failUrl));
    const card = await sandbox.cardOf(p.cardRef);
    return reply.type('text/html').send(
      challengePage({
        id: p.id,
        amountCents: p.amountCents,
        card: card ? `${card.brand} •••• ${card.last4}` : 'Card',
      }),
    );
  });

  app.post(
    '/sandbox/3ds/:id',
    { schema: { params, body: z.object({ outcome: z.enum(['approve', 'fail']) }) } },
    async (request, reply) => {
      const back = await sandbox.completeChallenge(request.params.id, request.body.outcome === 'approve');
      const p = back ? null : await sandbox.payment(request.params.id);
      const to = back ?? (p ? (p.status === 'succeeded' ? p.returnUrl : p.failUrl) : '/');
      return reply.redirect(to, 303);
    },
  );

  app.get('/sandbox/crypto/:id', { schema: { params } }, async (request, reply) => {
    const p = await sandbox.payment(request.params.id);
    if (!p || p.method !== 'crypto') return reply.code(404).type('text/html').send(finishedPage('/'));
    if (p.status !== 'awaiting') return reply.type('text/html').send(finishedPage(p.returnUrl));
    const quote = cryptoQuote(p.amountCents / CENTS_PER_CREDIT);
    return reply.type('text/html').send(
      invoicePage({
        id: p.id,
        total: quote.total,
        fee: quote.fee,
        currency: CRYPTO_CURRENCY,
        back: p.returnUrl,
      }),
    );
  });

  app.post('/sandbox/crypto/:id', { schema: { params } }, async (request, reply) => {
    const p = await sandbox.payment(request.params.id);
    if (!p || p.method !== 'crypto') return reply.redirect('/', 303);
    await sandbox.payCrypto(p.id, cryptoQuote(p.amountCents / CENTS_PER_CREDIT).fee);
    return reply.redirect(p.returnUrl, 303);
  });
};
