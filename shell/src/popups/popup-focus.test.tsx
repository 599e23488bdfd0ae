import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServices } from '../test/fake-services';
import { renderInShell } from '../test/render-in-shell';
import { PopupLayer } from './PopupLayer';

/** A page with a main landmark, a button that opens a popup, and the popup layer. */
function setup() {
  const fake = fakeServices();
  const { popups } = fake.services.host;
  renderInShell(
    fake.services,
    <>
      <main id="main" tabIndex={-1}>
        <button type="button" onClick={() => void popups.open({ kind: 'confirm-hide-chats', count: 2 })}>
          Hide chats
        </button>
      </main>
      <PopupLayer />
    </>,
  );
  return popups;
}

describe('focus after a popup', () => {
  it('goes back to the opener when a popup opened over the first one closes, then the first', async () => {
    const popups = setup();
    const opener = screen.getByRole('button', { name: 'Hide chats' });
    await userEvent.click(opener);
    // The server opens another while the first waits.
    act(() => void popups.open({ kind: 'error', message: 'Something happened.' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Something happened.');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Hide 2 chats?' })).toContainElement(
      document.activeElement as HTMLElement,
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('goes to the main content when nothing opened it, not to the top of the page', async () => {
    const popups = setup();
    act(() => void popups.open({ kind: 'error', message: 'Something happened.' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('goes to the main content when its opener is gone', async () => {
    setup();
    await userEvent.click(screen.getByRole('button', { name: 'Hide chats' }));
    act(() => screen.getByRole('button', { name: 'Hide chats' }).remove());
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
