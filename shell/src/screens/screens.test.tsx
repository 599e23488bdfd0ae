import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { tokenKey } from '@cove/runtime';
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
});

describe('3-D Secure return', () => {
  const at = (query: string) =>
    render(
      <MemoryRouter initialEntries={[`/3ds-callback?${query}`]}>
        <Routes>
          <Route path="/3ds-callback" element={<ThreeDsCallback />} />
        </Routes>
      </MemoryRouter>,
    );

  it('confirms a paid chat message and leads back to the chat', () => {
    at('3ds=success&paymentType=message&modelId=m-1&amount=55&chatId=c-1&messageId=x');
    expect(screen.getByRole('heading', { name: 'Payment complete' })).toBeInTheDocument();
    expect(screen.getByText('$5.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the chat' })).toHaveAttribute('href', '/chats/m-1');
  });

  it('says a failed check did not charge, with a way to try again', () => {
    at('3ds=error&amount=100');
    expect(screen.getByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/account/get-credits');
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
