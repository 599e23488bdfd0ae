import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '@cove/router';
import type { Payment } from '@cove/contracts';
import { tokenKey } from '@cove/runtime';
import { signIn, signOut } from '@cove/runtime/shell';
import { failWith, testPayment, testUser } from '@cove/runtime/testing';
import { call, fakeServices } from '../test/fake-services';
import { renderInShell } from '../test/render-in-shell';
import { internalPath } from './internal-path';
import { ThreeDsCallback } from './ThreeDsCallback';
import { bannedFlagKey, TokenCleanup } from './TokenCleanup';

describe('banned-token cleanup', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('clears the stored ban, counts down 5 seconds and then leaves', () => {
    window.localStorage.setItem(bannedFlagKey, 'true');
    window.localStorage.setItem(tokenKey, 'old');
    const onDone = jest.fn();
    render(<TokenCleanup onDone={onDone} />);
    expect(screen.getByRole('heading', { name: 'Clearing token...' })).toBeInTheDocument();
    expect(document.title).toBe('Clearing token · Cove');
    act(() => void jest.advanceTimersByTime(400));
    expect(screen.getByRole('heading', { name: 'You have been successfully unbanned.' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Redirecting in 5 seconds');
    expect(window.localStorage.getItem(bannedFlagKey)).toBeNull();
    expect(window.localStorage.getItem(tokenKey)).toBeNull();
    for (let i = 0; i < 4; i++) act(() => void jest.advanceTimersByTime(1000));
    expect(screen.getByRole('status')).toHaveTextContent('Redirecting in 1 second');
    expect(onDone).not.toHaveBeenCalled();
    act(() => void jest.advanceTimersByTime(1000));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('keeps the token of a sign-in made after the ban was lifted', () => {
    window.localStorage.setItem(tokenKey, 'new');
    render(<TokenCleanup onDone={jest.fn()} />);
    act(() => void jest.advanceTimersByTime(400));
    expect(screen.getByRole('heading', { name: 'You have been successfully unbanned.' })).toBeInTheDocument();
    expect(window.localStorage.getItem(tokenKey)).toBe('new');
  });
});

describe('3-D Secure return', () => {
  const paymentId = '6f1c2b1e-0000-4000-8000-000000000001';
  const payment = (over: Partial<Payment> = {}) =>
    testPayment({
      _id: paymentId,
      amount: 55,
      credits: 60,
      bonus: 5,
      model_id: 'm-1',
      chat_id: 'c-1',
      message_id: 'x',
      ...over,
    });
  const chatReturn = `3ds=success&paymentType=message&modelId=m-1&amount=55&chatId=c-1&messageId=x&paymentId=${paymentId}`;
  const at = (query: string, answers: (path: string) => unknown, signedIn = true) => {
    window.localStorage.setItem(tokenKey, 'tok');
    const fake = fakeServices();
    if (signedIn) signIn(fake.services.host.session, testUser({ credits: 10 }));
    else signOut(fake.services.host.session);
    fake.respond(({ path }) => (path === '/v1/users/me' ? testUser({ credits: 70 }) : answers(path)));
    function Where() {
      const { pathname, state } = useLocation();
      return <p data-testid="where">{`${pathname} ${JSON.stringify(state)}`}</p>;
    }
    const view = renderInShell(
      fake.services,
      <Routes>
        <Route path="/3ds-callback" element={<ThreeDsCallback />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      `/3ds-callback?${query}`,
    );
    return { ...fake, unmount: view.unmount };
  };
  const paymentCalls = (fake: Pick<ReturnType<typeof fakeServices>, 'calls'>) =>
    fake.calls.filter(({ path }) => path === `/v1/payment/${paymentId}`).length;

  afterEach(() => {
    jest.useRealTimers();
    window.localStorage.clear();
  });

  it('believes the server, not the URL: a return saying success for a failed payment shows it failed', async () => {
    at(chatReturn, () => ({
      data: payment({
        status: 'failed',
        credits: 0,
        action_status: 'none',
        failure: 'Your card was declined.',
      }),
    }));
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your payment…');
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.queryByText('Payment complete')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Try again' }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/account/get-credits {"backTo":"/chats/m-1","purchase":{"model_id":"m-1","chat_id":"c-1","message_id":"x"},"retry":{"amount":55,"card_id":null}}',
    );
  });

  it('returns a fan who paid for a post on a profile to that post, never to a chat', async () => {
    jest.useFakeTimers();
    const post = payment({ payment_type: 'post', chat_id: null, message_id: null, feed_id: 'p-1' });
    at(`3ds=success&paymentType=post&modelId=m-1&feedId=p-1&paymentId=${paymentId}`, () => ({ data: post }));
    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The post is unlocked. Taking you back…');
    expect(screen.getByRole('link', { name: 'Back to the post' })).toHaveAttribute(
      'href',
      '/creators/m-1?post=p-1',
    );
    expect(screen.queryByText(/Back to the chat/)).toBeNull();
    await act(async () => void jest.advanceTimersByTime(1500));
    expect(screen.getByTestId('where')).toHaveTextContent('/creators/m-1');
  });

  it('says a subscription paid for is active and leads back to the profile', async () => {
    at(`3ds=success&paymentType=subscription&paymentId=${paymentId}`, () => ({
      data: payment({ payment_type: 'subscription', subscribe: true, chat_id: null, message_id: null }),
    }));
    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your subscription is active.');
    expect(screen.getByRole('link', { name: 'Back to the profile' })).toHaveAttribute(
      'href',
      '/creators/m-1',
    );
  });

  it('shows a failed 3-D Secure check in its own words, and "Try again" keeps the package and card', async () => {
    const words =
      "Your bank's security check (3-D Secure) was not completed, so nothing was charged. Try again.";
    at(`3ds=error&paymentType=post&paymentId=${paymentId}`, () => ({
      data: payment({
        status: 'failed',
        payment_type: 'post',
        amount: 250,
        credits: 0,
        chat_id: null,
        message_id: null,
        feed_id: 'p-1',
        card_id: 'card-1',
        action_status: 'none',
        failure: words,
      }),
    }));
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(words);
    expect(screen.queryByText(/declined/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the post' })).toHaveAttribute(
      'href',
      '/creators/m-1?post=p-1',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Try again' }));
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/account/get-credits {"backTo":"/creators/m-1?post=p-1","purchase":{"model_id":"m-1","feed_id":"p-1"},"retry":{"amount":250,"card_id":"card-1"}}',
    );
  });

  it('waits while the payment is pending, checks again on payment_updated, then reloads credits and returns to the chat', async () => {
    jest.useFakeTimers();
    let current = payment({ status: 'pending', credits: 0, action_status: 'pending' });
    const fake = at(chatReturn, () => ({ data: current }));
    await waitFor(() => expect(paymentCalls(fake)).toBe(1));
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your payment…');
    current = payment();
    await act(
      async () =>
        void fake.services.bus.pushServerEvent({
          type: 'payment_updated',
          payment_id: paymentId,
          status: 'succeeded',
          seq: 1,
          created_at: current.created_at,
        }),
    );
    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The message is unlocked.');
    expect(screen.getByText('$5.50')).toBeInTheDocument();
    expect(screen.getByText('60 credits ($6.00), 5 of them bonus')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the chat' })).toHaveAttribute('href', '/chats/m-1');
    await waitFor(() => expect(fake.services.host.session.credits).toBe(70));
    expect(fake.calls).toContainEqual(call('GET', '/v1/users/me'));
    await act(async () => void jest.advanceTimersByTime(1500));
    expect(screen.getByTestId('where')).toHaveTextContent('/chats/m-1');
  });

  it('polls every second while the tip it pays for is open, and says so when the tip could not be sent', async () => {
    jest.useFakeTimers();
    let current = payment({ payment_type: 'tip', message_id: null, tip: 50, action_status: 'pending' });
    const fake = at(`3ds=success&paymentType=tip&paymentId=${paymentId}`, () => ({ data: current }));
    await waitFor(() => expect(paymentCalls(fake)).toBe(1));
    await act(async () => void (await jest.advanceTimersByTimeAsync(1000)));
    await waitFor(() => expect(paymentCalls(fake)).toBe(2));
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your payment…');
    current = { ...current, action_status: 'failed', action_error: 'The chat is closed.' };
    await act(async () => void (await jest.advanceTimersByTimeAsync(1000)));
    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your tip could not be sent: The chat is closed. The credits are in your balance.',
    );
  });

  it('gives up after 30 seconds with a still-processing state', async () => {
    jest.useFakeTimers();
    const fake = at(`3ds=success&paymentId=${paymentId}`, () => ({
      data: payment({
        status: 'pending',
        payment_type: 'credits',
        model_id: null,
        chat_id: null,
        message_id: null,
        action_status: 'none',
      }),
    }));
    await act(async () => void (await jest.advanceTimersByTimeAsync(30_000)));
    expect(screen.getByRole('heading', { name: 'Still processing' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your credits will appear when it completes.');
    expect(screen.getByRole('link', { name: 'Back to credits' })).toHaveAttribute(
      'href',
      '/account/get-credits',
    );
    const calls = paymentCalls(fake);
    await act(async () => void (await jest.advanceTimersByTimeAsync(5000)));
    expect(paymentCalls(fake)).toBe(calls);
  });

  it('says when the check itself failed, and checks again on request', async () => {
    let down = true;
    at(chatReturn, () =>
      down ? failWith(500, 'Something went wrong. Please try again later.') : { data: payment() },
    );
    expect(
      await screen.findByRole('heading', { name: 'We could not check your payment' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong.');
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
  });

  it('says a payment the server does not know (404) could not be found', async () => {
    at(chatReturn, () => failWith(404, 'Not found'));
    expect(await screen.findByRole('heading', { name: 'Payment not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to credits' })).toHaveAttribute(
      'href',
      '/account/get-credits',
    );
  });

  it('says a return without a payment id could not be found, and asks to sign in when signed out', () => {
    const { unmount } = at('3ds=success&amount=100', () => payment());
    expect(screen.getByRole('heading', { name: 'Payment not found' })).toBeInTheDocument();
    unmount();
    const fake = at(chatReturn, () => payment(), false);
    expect(paymentCalls(fake)).toBe(0);
    expect(screen.getByRole('heading', { name: 'Sign in to see your payment' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/login\?next=%2F3ds-callback/),
    );
  });
});

describe('deep links', () => {
  it('follow only paths inside the site', () => {
    expect(internalPath('/chats/u-1?x=1')).toBe('/chats/u-1?x=1');
    expect(internalPath('//evil.example')).toBeNull();
    expect(internalPath('https://evil.example')).toBeNull();
    expect(internalPath('/\\evil')).toBeNull();
    expect(internalPath(null)).toBeNull();
  });
});
