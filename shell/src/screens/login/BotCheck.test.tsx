import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@cove/router';
import { failWith, testConfig } from '@cove/runtime/testing';
import type { ProviderConfig } from '@cove/contracts';
import { call, fakeServices } from '../../test/fake-services';
import { renderInShell } from '../../test/render-in-shell';
import { Login } from './Login';
import { turnstileScript, type TurnstileApi } from './turnstile';

const refusal = () => failWith(400, 'Please confirm you are human and try again.');
const sent = { message: 'Email sent successfully!' };
const asked = { email: 'river@example.com', web: true, react_flow: true };

function renderLogin(botCheck: ProviderConfig['bot_check']) {
  const fake = fakeServices();
  fake.services.host.session.config = testConfig({ bot_check: botCheck });
  const view = renderInShell(
    fake.services,
    <Routes>
      <Route path="/login" element={<Login />} />
    </Routes>,
    '/login',
  );
  return { ...fake, ...view };
}

type Fake = ReturnType<typeof renderLogin>;

/** Answers the next sign-in request with `reply`. */
const answerSign = (fake: Fake, reply: unknown) => fake.answer('POST', '/v1/users/sign', reply);

/** Waits for the `count`th request, and checks it was a sign-in request sending `body`. */
async function expectSignRequest(fake: Fake, count: number, body: unknown) {
  await waitFor(() => expect(fake.calls).toHaveLength(count));
  expect(fake.calls.at(-1)).toEqual(call('POST', '/v1/users/sign', body));
}

const submitButton = () => screen.getByRole('button', { name: 'Email me a sign-in link' });

async function typeEmail(email = 'river@example.com') {
  await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), email);
}

/** A stand-in for Cloudflare's `window.turnstile` that lets the test play the widget's part. */
function fakeTurnstile() {
  type Options = Parameters<TurnstileApi['render']>[1];
  const widgets: { container: HTMLElement; options: Options }[] = [];
  const api = {
    render: jest.fn((container: HTMLElement, options: Options) => {
      widgets.push({ container, options });
      return `w-${widgets.length}`;
    }),
    reset: jest.fn(),
    remove: jest.fn(),
  };
  const last = () => {
    const widget = widgets.at(-1);
    if (!widget) throw new Error('no Turnstile widget was rendered');
    return widget.options;
  };
  return { api, widgets, last };
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  delete window.turnstile;
  document.querySelectorAll('script').forEach((s) => s.remove());
});

describe('sign-in bot check', () => {
  it('off: shows no check and sends no token', async () => {
    const fake = renderLogin({ mode: 'off', site_key: null });
    expect(screen.queryByRole('checkbox', { name: "I'm not a robot" })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Human check' })).not.toBeInTheDocument();
    answerSign(fake, sent);
    await typeEmail();
    await userEvent.click(submitButton());
    await expectSignRequest(fake, 1, asked);
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  });

  it('fake: unticked is refused with the server’s text, a tick answers "human" and is spent by the attempt', async () => {
    const fake = renderLogin({ mode: 'fake', site_key: null });
    const box = screen.getByRole('checkbox', { name: "I'm not a robot" });
    expect(box).not.toBeChecked();
    expect(submitButton()).toBeEnabled();

    answerSign(fake, refusal());
    await typeEmail();
    await userEvent.click(submitButton());
    await expectSignRequest(fake, 1, asked);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please confirm you are human and try again.');

    // Ticked from the keyboard, as a person without a mouse would.
    box.focus();
    await userEvent.keyboard(' ');
    expect(box).toBeChecked();
    answerSign(fake, failWith(429, 'Too many requests'));
    await userEvent.click(submitButton());
    await expectSignRequest(fake, 2, { ...asked, captcha_token: 'human' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
    expect(box).not.toBeChecked();

    // Unticked again: no token goes with the next try.
    answerSign(fake, refusal());
    await userEvent.click(submitButton());
    await expectSignRequest(fake, 3, expect.not.objectContaining({ captcha_token: expect.anything() }));

    await userEvent.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
    answerSign(fake, sent);
    await userEvent.click(submitButton());
    await expectSignRequest(fake, 4, expect.objectContaining({ captcha_token: 'human' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  });

  it('turnstile: waits for the widget’s token, sends it once, then resets the widget', async () => {
    const turnstile = fakeTurnstile();
    window.turnstile = turnstile.api;
    const fake = renderLogin({ mode: 'turnstile', site_key: 'site-key-1' });

    expect(screen.getByRole('group', { name: 'Human check' })).toBeInTheDocument();
    expect(turnstile.api.render).toHaveBeenCalledTimes(1);
    expect(turnstile.last().sitekey).toBe('site-key-1');
    // Nothing to load: the API was already on the page.
    expect(document.querySelector('script')).toBeNull();

    await typeEmail();
    expect(submitButton()).toBeDisabled();
    act(() => turnstile.last().callback('token-1'));
    expect(submitButton()).toBeEnabled();

    // An expired or failed challenge takes the token back.
    act(() => turnstile.last()['expired-callback']?.());
    expect(submitButton()).toBeDisabled();
    act(() => turnstile.last().callback('token-2'));
    act(() => turnstile.last()['error-callback']?.());
    expect(submitButton()).toBeDisabled();
    act(() => turnstile.last().callback('token-3'));

    answerSign(fake, refusal());
    await userEvent.click(submitButton());
    await expectSignRequest(fake, 1, { ...asked, captcha_token: 'token-3' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please confirm you are human and try again.');
    expect(turnstile.api.reset).toHaveBeenCalledWith('w-1');
    expect(submitButton()).toBeDisabled();

    fake.unmount();
    expect(turnstile.api.remove).toHaveBeenCalledWith('w-1');
  });

  it('turnstile: adds Cloudflare’s script once, however many widgets wait for it', async () => {
    const turnstile = fakeTurnstile();
    renderLogin({ mode: 'turnstile', site_key: 'site-key-1' });
    renderLogin({ mode: 'turnstile', site_key: 'site-key-1' });
    const scripts = document.querySelectorAll(`script[src="${turnstileScript}"]`);
    expect(scripts).toHaveLength(1);
    expect(turnstile.api.render).not.toHaveBeenCalled();

    window.turnstile = turnstile.api;
    await act(async () => {
      scripts[0]?.dispatchEvent(new Event('load'));
      await Promise.resolve();
    });
    expect(turnstile.api.render).toHaveBeenCalledTimes(2);
  });

  it('turnstile: says so when the check cannot load, and keeps the form from sending', async () => {
    renderLogin({ mode: 'turnstile', site_key: 'site-key-1' });
    const script = document.querySelector(`script[src="${turnstileScript}"]`);
    await act(async () => {
      script?.dispatchEvent(new Event('error'));
      await Promise.resolve();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The human check could not load.');
    expect(submitButton()).toBeDisabled();
  });
});
