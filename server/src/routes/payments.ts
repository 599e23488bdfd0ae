import {
  creditPackagesResponse,
  cryptoTopUpBody,
  cryptoTopUpResponse,
  deleteCardBody,
  paymentBody,
  paymentEnvelope,
  paymentResponse,
  purchasesPage,
  purchasesQuery,
  savedCardsResponse,
} from '@cove/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from '../zod';
import { currentUser, requireUser } from '../auth/guards';
import { fail } from '../errors';
import { providerConfigFor } from '../provider/provider-config';
import { deleteCard, deleteCardCodes, listCards } from '../payments/cards';
import { cardPaymentCodes, cryptoPaymentCodes, payByCard, payByCrypto } from '../payments/create-payment';
import { CREDIT_PACKAGES, FIRST_PURCHASE_BONUS } from '../payments/packages';
import { toPaymentDto } from '../payments/payment-dto';
import { hasPaid, paymentOf, paymentOfCodes } from '../payments/read-payments';
import { receiveProviderEvent } from '../payments/receive-event';
import { WebhookSignatureError } from '../payments/provider';
import { listPurchases } from '../payments/purchases';
import { assertRegionAllows, regionCodes } from '../region/guard';
import { withErrors } from './with-errors';

/** Credits and payments: packages, card and crypto payments, saved cards, purchases, provider webhooks. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: requireUser };
  const deps = {
    db: app.db,
    realtime: app.realtime,
    autoMessages: app.autoMessages,
    provider: app.payments.provider,
    declinesPerHour: app.config.paymentDeclinesPerHour,
    siteOrigin: new URL(app.config.publicUrl).origin,
  };

  app.get(
    '/v1/payment/packages',
    { ...guarded, schema: { response: withErrors({ 200: creditPackagesResponse }) } },
    async (request) => {
      const me = currentUser(request);
      const paid = await hasPaid(app.db, me.id);
      const { features } = await providerConfigFor(app.db, me);
      return {
        data: [...CREDIT_PACKAGES],
        provider: app.payments.provider.cardForm,
        first_purchase_bonus: paid ? 0 : FIRST_PURCHASE_BONUS,
        crypto: features.crypto_payment,
      };
    },
  );

  app.post(
    '/v1/payment',
    {
      ...guarded,
      schema: {
        body: paymentBody,
        response: withErrors({ 200: paymentResponse }, [...cardPaymentCodes, ...regionCodes]),
      },
    },
    async (request) =>
      payByCard(deps, currentUser(request), request.body, (creatorId) =>
        assertRegionAllows(app, request, creatorId),
      ),
  );

  app.post(
    '/v1/payment/crypto',
    {
      ...guarded,
      schema: {
        body: cryptoTopUpBody,
        response: withErrors({ 200: cryptoTopUpResponse }, cryptoPaymentCodes),
      },
    },
    async (request) =>
      payByCrypto(deps, currentUser(request), request.body.amount, request.body.idempotency_key),
  );

  app.get(
    '/v1/payment/:id',
    {
      ...guarded,
      schema: {
        params: z.object({ id: z.string() }),
        response: withErrors({ 200: paymentEnvelope }, paymentOfCodes),
      },
    },
    async (request) => ({
      data: toPaymentDto(await paymentOf(app.db, currentUser(request).id, request.params.id)),
    }),
  );

  app.get(
    '/v1/cc',
    { ...guarded, schema: { response: withErrors({ 200: savedCardsResponse }) } },
    async (request) => ({ data: await listCards(app.db, currentUser(request).id) }),
  );

  app.delete(
    '/v1/cc',
    {
      ...guarded,
      schema: {
        body: z.optional(deleteCardBody),
        querystring: z.partial(deleteCardBody),
        response: withErrors({ 204: z.null() }, deleteCardCodes),
      },
    },
    async (request, reply) => {
      const id = request.body?.id ?? request.query.id;
      if (!id) throw fail('bad_request', 'Give the id of the card to delete.');
      await deleteCard(app.db, app.payments.provider, currentUser(request).id, id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/v1/message/paid',
    {
      ...guarded,
      schema: { querystring: purchasesQuery, response: withErrors({ 200: purchasesPage }) },
    },
    async (request) =>
      listPurchases(app.media, currentUser(request).id, request.query.limit, request.query.offset),
  );

  // The provider's webhooks: not signed in, not metered (outside /v1), checked by signature alone.
  // Their bodies are read here, after the signature, not by the JSON parser: a signed body that is no
  // JSON is acknowledged like any other the provider sends in vain, not refused and sent again.
  const webhookRoute: FastifyPluginAsyncZod = async (webhooks) => {
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      request.rawBody = body as Buffer; // parseAs: buffer; the overload types it as string | Buffer
      done(null, undefined);
    });
    webhooks.post(
      '/payments/webhook/:provider',
      {
        schema: {
          params: z.object({ provider: z.string().check(z.maxLength(40)) }),
          response: withErrors({ 200: z.object({ received: z.boolean() }) }, []),
        },
      },
      async (request) => {
        const provider = app.payments.provider;
        if (request.params.provider !== provider.name || !request.rawBody) throw fail('webhook_signature');
        let parsed;
        try {
          parsed = provider.parseWebhook(request.rawBody, request.headers);
        } catch (err) {
          if (err instanceof WebhookSignatureError) throw fail('webhook_signature');
          throw err;
        }
        // Signed but of no use to Cove (a type it does not know, data it cannot read): refusing it
        // would only have the provider retry it for an hour.
        if ('unusable' in parsed) {
          request.log.warn({ provider: provider.name, reason: parsed.unusable }, 'webhook not applied');
          return { received: true };
        }
        await receiveProviderEvent(deps, provider.name, parsed.event);
        return { received: true };
      },
    );
  };
  await app.register(webhookRoute);
};
