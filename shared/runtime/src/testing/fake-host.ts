import {
  featureNames,
  hostContractVersion,
  type Features,
  type ProviderConfig,
  type ApiClient,
  type HostContext,
  type HttpMethod,
  type PopupSpec,
  type User,
} from '@cove/contracts';
import { createBus } from '../bus/bus';
import { createSession, signIn, signOut, updateUser } from '../session/session';

export interface RecordedCall {
  method: HttpMethod;
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

type Responder = (call: RecordedCall) => unknown;

/** A provider config with every feature on; override what a test cares about. */
export function testConfig(overrides: Partial<ProviderConfig> = {}): ProviderConfig {
  const features = Object.fromEntries(featureNames.map((name) => [name, true])) as Features;
  return {
    is_guest: false,
    features,
    payment_keywords: '',
    global_keywords: '',
    greeting_keywords: '',
    app_keywords: '',
    bot_check: { mode: 'off', site_key: null },
    ...overrides,
  };
}

/** A signed-in user with every field set, for tests; override what a test cares about. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u-1',
    username: 'river',
    email: 'river@example.com',
    type: 'user',
    gender: null,
    avatar_url: null,
    is_customer: false,
    id_verified: false,
    id_verification_status: null,
    identity_check: null,
    requires_moderation: false,
    discover_status: 'hidden',
    force_discover: false,
    onboarding_v2: true,
    code_used: null,
    email_verified: true,
    affiliate: false,
    profile_complete_config: { is_affiliate_profile_visited: false, is_bought_credit_package: false },
    deleted_scheduled: false,
    delete_at: null,
    show_skinscore_banner: false,
    tags: [],
    has_favorites: false,
    is_broadcasting: false,
    unread_feeds: 0,
    invisible: false,
    intro_enabled: false,
    private_feed: false,
    credits: 250,
    is_staff: false,
    is_staff_mo: false,
    frozen: false,
    restricted: false,
    last_online: null,
    created_at: '2026-01-01T00:00:00.000Z',
    notification_settings: { marketing: false, notifications: true, payments: true, payouts: true },
    ...overrides,
  };
}

/**
 * A host for rendering a remote's App in tests: the API answers with `respond` (or rejects with what it
 * throws) and records every call; popups are recorded instead of shown.
 */
export function fakeHost(opts: { user?: User | null; respond?: Responder } = {}) {
  const calls: RecordedCall[] = [];
  const popups: PopupSpec[] = [];
  const navigations: string[] = [];
  const respond = opts.respond ?? (() => undefined);
  const request = async <T>(method: HttpMethod, path: string, o: { query?: object; body?: unknown } = {}) => {
    const call: RecordedCall = { method, path, query: o.query as Record<string, unknown>, body: o.body };
    calls.push(call);
    return respond(call) as T;
  };
  const api: ApiClient = {
    request: (method, path, o) => request(method, path, o),
    get: (path, o) => request('GET', path, o),
    post: (path, body, o) => request('POST', path, { ...o, body }),
    put: (path, body, o) => request('PUT', path, { ...o, body }),
    patch: (path, body, o) => request('PATCH', path, { ...o, body }),
    delete: (path, o) => request('DELETE', path, o),
  };
  const session = createSession();
  if (opts.user) signIn(session, opts.user);
  else if (opts.user === null) signOut(session);
  const account = { logouts: 0 };
  const host: HostContext = {
    contractVersion: hostContractVersion,
    api,
    bus: createBus(),
    session,
    account: {
      patch: async (changes) => {
        const id = session.user?._id ?? '';
        const answer = await request<User | undefined>('PATCH', `/v1/users/${id}`, { body: changes });
        const current = session.user as User;
        const next = answer ?? {
          ...current,
          ...changes,
          notification_settings: { ...current.notification_settings, ...changes.notification_settings },
        };
        updateUser(session, next);
        return next;
      },
      reload: async () => undefined,
      logout: async () => {
        account.logouts += 1;
        signOut(session);
      },
    },
    popups: {
      open: (spec) => {
        popups.push(spec);
        return {
          id: `p${popups.length}`,
          outcome: Promise.resolve({ action: 'dismiss' }),
          close: () => undefined,
        };
      },
      close: () => undefined,
      closeAll: () => undefined,
    },
    navigate: (to) => void navigations.push(to),
  };
  return { host, calls, popups, navigations, account };
}
