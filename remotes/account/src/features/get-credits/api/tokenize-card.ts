import { cardTokenBody, cardTokenResponse, errorBody, messages } from '@cove/contracts';
import { ApiError } from '@cove/runtime';

type CardToken = ReturnType<typeof cardTokenResponse.parse>;

/** The card as the processor takes it: digits only, a 4-digit year. */
interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/**
 * Sends the card to the card processor's own endpoint (`provider.tokenize_url`) and returns its token.
 * Plain fetch on purpose: the processor must never see Cove's access token, and `host.api` adds it to
 * every call. Failures are ApiErrors like every other call's, so the page shows them the same way.
 */
export async function tokenizeCard(url: string, card: CardDetails): Promise<CardToken> {
  let res: Response;
  try {
    res = await fetch(new URL(url, window.location.href), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(cardTokenBody.parse(card)),
      credentials: 'omit',
    });
  } catch {
    throw new ApiError(0, messages.network, { code: 'network' });
  }
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    throw new ApiError(res.status, messages.generic);
  }
  if (!res.ok) {
    const body = errorBody.safeParse(data);
    throw body.success
      ? new ApiError(res.status, body.data.message, { code: body.data.code })
      : new ApiError(res.status, messages.generic);
  }
  const token = cardTokenResponse.safeParse(data);
  if (!token.success) throw new ApiError(500, messages.generic);
  return token.data;
}
