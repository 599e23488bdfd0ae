import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { RemoteAppProps } from '@cove/contracts';
import { ShellContext } from '../app/shell-context';
import { fakeServices } from '../test/fake-services';
import type { LoadedRemote, RemoteLoader } from './remote-loader';
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
const loaded = (App = ChatApp): LoadedRemote => ({ version: 'v1', App });

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
});
