import type { FastifyInstance } from 'fastify';
import { dataDirSecret } from '../../src/data-dir-secret';
import type { SandboxEvent } from '../../src/payments/sandbox/sandbox-provider';
import { SANDBOX_WEBHOOK_PATH } from '../../src/payments/sandbox/webhook-delivery';
import { signWebhook } from '../../src/payments/webhook-signature';

/** The sandbox payment provider of a test app, which the tests drive as the card network would. */
export function sandboxOf(app: FastifyInstance) {
  const s = app.payments.sandbox;
  if (!s) throw new Error('the sandbox provider is not in use');
  return s;
}

/** The provider's signed webhook, posted as the sandbox's delivery would post it. */
export function deliverWebhook(
  t: { app: FastifyInstance; config: { dataDir: string } },
  event: SandboxEvent,
) {
  const body = Buffer.from(JSON.stringify(event));
  const secret = dataDirSecret(t.config.dataDir, 'payment-webhook-secret', undefined);
  return t.app.inject({
    method: 'POST',
    url: SANDBOX_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'cove-signature': signWebhook(secret, body) },
    payload: body,
  });
}
