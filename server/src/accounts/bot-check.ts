import type { Config } from '../config';
import { fail } from '../errors';
import type { ErrorCode } from '@cove/contracts';

/** What the human check answers when it refuses or cannot ask. */
export const botCheckCodes = ['bot_check', 'bot_check_unavailable'] as const satisfies readonly ErrorCode[];

export const FAKE_BOT_CHECK_PASS = 'human';
const TURNSTILE_VERIFY = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

const failed = () => fail('bot_check');

/**
 * Sign-in's bot check. `off` lets everyone through (the default on a developer's machine); `fake`
 * accepts only the token "human", for tests of the refusal path; `turnstile` asks Cloudflare.
 */
export async function checkHuman(
  bot: Config['botCheck'],
  token: string | undefined,
  ip: string,
): Promise<void> {
  if (bot.mode === 'off') return;
  if (!token) throw failed();
  if (bot.mode === 'fake') {
    if (token !== FAKE_BOT_CHECK_PASS) throw failed();
    return;
  }
  let body: { success?: boolean };
  try {
    const res = await fetch(TURNSTILE_VERIFY, {
      method: 'POST',
      body: new URLSearchParams({ secret: bot.secretKey ?? '', response: token, remoteip: ip }),
      signal: AbortSignal.timeout(5000),
    });
    body = (await res.json()) as { success?: boolean };
  } catch {
    // Cloudflare unreachable or answering nonsense: the person did nothing wrong, so say so.
    throw fail('bot_check_unavailable');
  }
  if (!body.success) throw failed();
}
