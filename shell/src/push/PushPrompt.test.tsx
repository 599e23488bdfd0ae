import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ServiceWorkerMessage } from '@cove/contracts';
import { localTokenStore } from '@cove/runtime';
import { signIn, signOut } from '@cove/runtime/shell';
import { testUser } from '@cove/runtime/testing';
import { ShellContext } from '../services/shell-context';
import { fakeServices } from '../test/fake-services';
import { unreadAnswers } from '../test/unread-answers';
import type { BrowserPush } from './browser-push';
import { promptMemory } from './prompt-memory';
import { PushPrompt } from './PushPrompt';

/**
 * A browser whose worker records what the page posts (the badge's counts apart) and answers a
 * subscription request with `ok`.
 */
function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const posted: ServiceWorkerMessage[] = [];
  const badges: number[] = [];
  const active = {
    postMessage: (message: ServiceWorkerMessage, transfer: Transferable[] = []) => {
      if (message.type === 'updateBadge') return void badges.push(message.count);
      posted.push(message);
      if (message.type === 'ensureSubscription') (transfer[0] as MessagePort).postMessage({ ok: true });
    },
  };
  const registration = { active } as unknown as ServiceWorkerRegistration;
  const notification: BrowserPush['notification'] & { permission: NotificationPermission } = {
    permission,
    requestPermission: jest.fn(async () => (notification.permission = answer)),
  };
  const register = jest.fn(async () => registration);
  const browser: BrowserPush = {
    serviceWorker: { register, ready: Promise.resolve(registration) },
    notification,
  };
  return { browser, posted, badges, register, notification };
}

async function renderPrompt(browser: BrowserPush | null) {
  const fake = fakeServices();
  const unread = unreadAnswers({ messages: 2 });
  fake.respond((request) => unread(request) ?? { public_key: 'BKey' });
  localTokenStore().set('token-1');
  const user = testUser({ _id: 'u1', username: 'mia' });
  signIn(fake.services.host.session, user);
  render(
    <ShellContext.Provider value={fake.services}>
      <PushPrompt browser={browser} />
    </ShellContext.Provider>,
  );
  // The worker registers, then the page describes the session to it.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  return fake;
}

const turnOn = () => screen.queryByRole('button', { name: 'Turn on notifications' });
const clickTurnOn = () => userEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }));
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

// jsdom has no MessageChannel, which the page answers the worker's subscription result through.
beforeAll(() => {
  globalThis.MessageChannel = NodeMessageChannel as unknown as typeof MessageChannel;
});
afterEach(() => localStorage.clear());

describe('push notifications', () => {
  it('offers them while permission is default, and turning them on subscribes and says so', async () => {
    const { browser, posted, register, notification } = fakeBrowser('default');
    await renderPrompt(browser);
    expect(register).toHaveBeenCalledWith('/service-worker.js', { scope: '/' });
    expect(posted).toEqual([
      {
        type: 'setup',
        user_id: 'u1',
        username: 'mia',
        access_token: 'token-1',
        api_root: window.location.origin,
        debug: false,
        push_public_key: 'BKey',
      },
    ]);
    // Nothing is asked of the browser before the click.
    expect(notification.requestPermission).not.toHaveBeenCalled();

    await clickTurnOn();
    await settle();
    expect(notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(posted.slice(1).map((m) => m.type)).toEqual([
      'setup',
      'ensureSubscription',
      'internalNotification',
    ]);
    expect(posted.at(-1)).toEqual({
      type: 'internalNotification',
      subject: 'Notifications enabled',
      body: 'Thank you for enabling notifications!',
    });
    expect(turnOn()).toBeNull();
  });

  it('says nothing more when the person refuses', async () => {
    const { browser, posted } = fakeBrowser('default', 'denied');
    await renderPrompt(browser);
    await clickTurnOn();
    await settle();
    expect(turnOn()).toBeNull();
    expect(posted.map((m) => m.type)).toEqual(['setup']);
  });

  it('is there from the first paint while a stored session is restored, and leaves if it turns out stale', async () => {
    const fake = fakeServices();
    fake.respond(() => ({ public_key: 'BKey' }));
    localTokenStore().set('token-1');
    render(
      <ShellContext.Provider value={fake.services}>
        <PushPrompt browser={fakeBrowser('default').browser} />
      </ShellContext.Provider>,
    );
    expect(turnOn()).not.toBeNull();
    await act(async () => signOut(fake.services.host.session));
    expect(turnOn()).toBeNull();
  });

  it('is not offered once granted: the subscription is kept up to date at sign-in instead', async () => {
    const { browser, posted } = fakeBrowser('granted');
    await renderPrompt(browser);
    expect(turnOn()).toBeNull();
    expect(posted.map((m) => m.type)).toEqual(['setup', 'ensureSubscription']);
  });

  it('is not offered once denied, nor where the browser has no push', async () => {
    const { browser } = fakeBrowser('denied');
    await renderPrompt(browser);
    expect(turnOn()).toBeNull();
    document.body.innerHTML = '';
    await renderPrompt(null);
    expect(turnOn()).toBeNull();
  });

  it('remembers "Not now" for two weeks in this browser, then offers again', async () => {
    const { browser } = fakeBrowser('default');
    await renderPrompt(browser);
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    document.body.innerHTML = '';
    await renderPrompt(fakeBrowser('default').browser);
    expect(turnOn()).toBeNull();
    expect(promptMemory.isPutOff(Date.now() + 13 * 24 * 3600 * 1000)).toBe(true);
    expect(promptMemory.isPutOff(Date.now() + 15 * 24 * 3600 * 1000)).toBe(false);
  });

  it('explains a blocked permission once, with how to change it', async () => {
    await renderPrompt(fakeBrowser('denied').browser);
    const notice = screen.getByRole('complementary', { name: 'Notifications' });
    expect(notice).toHaveTextContent(/blocked for Cove in this browser/);
    expect(notice).toHaveTextContent(/site settings.*allow Notifications/);
    expect(turnOn()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('complementary', { name: 'Notifications' })).toBeNull();
    document.body.innerHTML = '';
    await renderPrompt(fakeBrowser('denied').browser);
    expect(screen.queryByRole('complementary', { name: 'Notifications' })).toBeNull();
  });

  it('can be put off for now', async () => {
    const { browser } = fakeBrowser('default');
    await renderPrompt(browser);
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(turnOn()).toBeNull();
  });

  it('keeps the app badge at the unread total, from the sign-in read and each event, and clears it at sign-out', async () => {
    const { browser, posted, badges } = fakeBrowser('granted');
    const fake = await renderPrompt(browser);
    const { bus, host, counts } = fake.services;
    const stop = counts.start();
    await settle();
    await act(async () =>
      bus.pushServerEvent({
        type: 'unread_messages',
        unread_messages: 3,
        unread_messages_favorites: 1,
        seq: 1,
        created_at: '2026-01-01T00:00:00.000Z',
      }),
    );
    await act(async () => {
      signOut(host.session);
      bus.emit({ type: 'session.changed', status: 'signed-out' });
    });
    await settle();
    expect(badges).toEqual([2, 3]);
    // The worker's logout clears the badge.
    expect(posted.at(-1)).toEqual({ type: 'logout' });
    stop();
  });
});
