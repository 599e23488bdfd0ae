import { headlessBrowserInfo } from '@cove/contracts';
import { Client, type Tally } from './client';

/** The demo world's people (server/src/seed/demo-world.ts) that the soak signs in. */
const demoCreators = ['luna-rivers', 'mira-kent', 'sasha-noir', 'nova-lake', 'theo-vance', 'ivy-moon'];
const demoFans = ['alex-fan', 'sam-fan', 'jordan-fan'];
const demoEmail = (username: string) => `${username}@demo.cove.test`;

export interface Person {
  id: string;
  email: string;
  api: Client;
  /** The credit balance the last answer told (fans spend it; the soak tops it up). */
  credits: number;
  /** Chat ids with the other side, by the other person's id. */
  chats: Map<string, string>;
}

/** Signs in by mailbox link, as the app does: asks for a link, reads it from `/dev/mailbox.json`, trades it. */
export async function signIn(base: string, tally: Tally, email: string): Promise<Person> {
  const api = new Client(base, tally);
  const asked = await api.call('sign_in', 'POST', '/v1/users/sign', {
    email,
    web: true,
    react_flow: true,
    accept_terms: true,
  });
  if (asked.status >= 300) throw new Error(`sign-in of ${email} answered ${asked.status} ${asked.body}`);
  const mails = (await api.call('mailbox', 'GET', '/dev/mailbox.json')).json<
    { to: string; text: string }[]
  >();
  const link = mails.find((m) => m.to === email)?.text.match(/\/login\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!link) throw new Error(`no sign-in link for ${email} in the mailbox`);
  const auth = await api.call('sign_in', 'POST', '/v1/auth', { token: link });
  if (auth.status !== 200) throw new Error(`auth of ${email} answered ${auth.status} ${auth.body}`);
  const { token, user } = auth.json<{ token: string; user: { _id: string } }>();
  api.token = token;
  return { id: user._id, email, api, credits: 0, chats: new Map() };
}

const browserInfo = headlessBrowserInfo('Cove soak');

let payments = 0;

/** A fan buys the 1,000-credit package with the sandbox's test Visa, as at the payment screen. */
export async function buyCredits(fan: Person): Promise<void> {
  const card = await fan.api.call('buy_credits', 'POST', '/sandbox/v1/tokens', {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 3,
    cvc: '123',
  });
  if (card.status !== 200) return;
  await fan.api.call('buy_credits', 'POST', '/v1/payment', {
    amount: 1000,
    success_url: '/account/get-credits',
    fail_url: '/account/get-credits',
    browser_info: browserInfo,
    card_token: card.json<{ token: string }>().token,
    idempotency_key: `soak-${process.pid}-${++payments}`,
  });
  const me = await fan.api.call('me', 'GET', '/v1/users/me');
  if (me.status === 200) fan.credits = me.json<{ credits?: number }>().credits ?? fan.credits;
}

/** Opens (or finds) the chat between a fan and a creator and records its id on both sides. */
export async function openChat(fan: Person, creator: Person): Promise<void> {
  const res = await fan.api.call('open_chat', 'POST', '/v1/chat', { recipient_id: creator.id });
  if (res.status !== 200) throw new Error(`opening a chat answered ${res.status} ${res.body}`);
  const chatId = res.json<{ data: { chat_id: string } }>().data.chat_id;
  fan.chats.set(creator.id, chatId);
  creator.chats.set(fan.id, chatId);
}

/**
 * The demo creators and fans, plus `extraFans` new fans who sign up by the same link, each with
 * credits and a chat with every creator.
 */
export async function signInCast(base: string, tally: Tally, extraFans: number) {
  const creators: Person[] = [];
  for (const name of demoCreators) creators.push(await signIn(base, tally, demoEmail(name)));
  const fans: Person[] = [];
  for (const name of demoFans) fans.push(await signIn(base, tally, demoEmail(name)));
  for (let i = 0; i < extraFans; i++) fans.push(await signIn(base, tally, `soak-fan-${i}@soak.test`));
  for (const fan of fans) {
    await buyCredits(fan);
    for (const creator of creators) await openChat(fan, creator);
  }
  return { creators, fans };
}

/**
 * How many of the cast the API calls online (`is_online` of the chat's other person, asked by a chat
 * partner). Once every tab has closed and presence has settled this must be none: a socket the
 * server kept after its close would keep its user online.
 */
export async function countOnline({ creators, fans }: { creators: Person[]; fans: Person[] }) {
  let online = 0;
  for (const [asker, people] of [
    [fans[0], creators],
    [creators[0], fans],
  ] as const) {
    for (const p of people) {
      const res = await asker?.api.call('presence', 'GET', `/v1/chat?recipient_id=${p.id}`);
      if (res?.status === 200 && res.json<{ user: { is_online: boolean } }>().user.is_online) online++;
    }
  }
  return online;
}
