import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@cove/router';
import { builtWith, type BuiltWith, type RemoteAppProps } from '@cove/contracts';
import { ShellContext } from '../services/shell-context';
import { fakeServices } from '../test/fake-services';
import type { LoadedRemote, RemoteLoader } from '../services/remote-loading';
import { RemoteSlot } from './RemoteSlot';

function renderSlot(loader: Partial<RemoteLoader>) {
  const fake = fakeServices(loader);
  render(
    <ShellContext.Provider value={fake.services}>
      <MemoryRouter>
        <h1>Cove header</h1>
        <RemoteSlot remote="chat" />
      </MemoryRouter>
    </ShellContext.Provider>,
  );
  return fake;
}

const ChatApp = (_: RemoteAppProps) => <p>Chat remote content</p>;
const loaded = (App = ChatApp, built: BuiltWith = builtWith): LoadedRemote => ({
  version: 'v1',
  App,
  builtWith: built,
});

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('RemoteSlot', () => {
  it('shows a loading state, retries every 1000 ms, then renders the remote', async () => {
    const load = jest
      .fn<Promise<LoadedRemote>, []>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue(loaded());
    renderSlot({ load });
    expect(screen.getByRole('status')).toHaveTextContent('Loading Chats…');
    // The area's name holds the tab until the remote's screen names it.
    expect(document.title).toBe('Chats · Cove');
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('status')).toHaveTextContent('Still trying to load Chats…');
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(screen.getByText('Chat remote content')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows a fallback with a retry button after the last attempt, reports it, and recovers on retry', async () => {
    const load = jest.fn<Promise<LoadedRemote>, []>().mockRejectedValue(new Error('chat@v1 did not load'));
    const { reportFailure } = renderSlot({ load });
    await act(() => jest.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole('alert')).toHaveTextContent("Chats can't load right now");
    expect(screen.getByRole('heading', { name: 'Cove header' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(4);
    expect(reportFailure).toHaveBeenCalledWith({
      remote: 'chat',
      version: 'v1',
      phase: 'load',
      message: 'chat@v1 did not load',
    });

    load.mockResolvedValue(loaded());
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Chat remote content')).toBeTruthy();
  });

  it('keeps a remote that throws while rendering inside its area, with a retry that renders it again', async () => {
    let broken = true;
    const Crashing = (_: RemoteAppProps) => {
      if (broken) throw new Error('boom');
      return <p>Chat remote content</p>;
    };
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { reportFailure } = renderSlot({ load: async () => loaded(Crashing) });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('alert')).toHaveTextContent('Chats stopped working');
    expect(screen.getByRole('heading', { name: 'Cove header' })).toBeTruthy();
    expect(reportFailure).toHaveBeenCalledWith({
      remote: 'chat',
      version: 'v1',
      phase: 'render',
      message: 'Error: boom',
    });

    broken = false;
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Chat remote content')).toBeTruthy();
  });

  it('refuses a remote built for a newer host contract, saying the page needs reloading', async () => {
    const built = { ...builtWith, host: builtWith.host + 1 };
    const { reportFailure, reloadPage } = renderSlot({ load: async () => loaded(ChatApp, built) });
    await act(() => jest.advanceTimersByTimeAsync(0));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This part of Cove needs a newer page: reload.');
    expect(screen.queryByText('Chat remote content')).toBeNull();
    expect(reportFailure).toHaveBeenCalledWith({
      remote: 'chat',
      version: 'v1',
      phase: 'load',
      message: `built for host contract ${built.host}; this page has ${builtWith.host}`,
    });
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('refuses a remote built for an older host contract as one being updated', async () => {
    renderSlot({ load: async () => loaded(ChatApp, { ...builtWith, host: builtWith.host - 1 }) });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This part of Cove is being updated: reload in a moment.',
    );
    expect(screen.queryByText('Chat remote content')).toBeNull();
  });

  it('takes a running remote down when the socket turns out to speak another realtime protocol', async () => {
    const { versions, reportFailure } = renderSlot({ load: async () => loaded() });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Chat remote content')).toBeTruthy();
    await act(async () => {
      versions.socketProtocol = builtWith.realtime + 1;
    });
    expect(screen.getByRole('alert')).toHaveTextContent('This part of Cove needs a newer page: reload.');
    expect(screen.queryByText('Chat remote content')).toBeNull();
    expect(reportFailure).toHaveBeenCalledWith(
      expect.objectContaining({ phase: 'load', message: expect.stringContaining('realtime protocol') }),
    );
  });
});
