import { testMedia, testMessage } from '@cove/runtime/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MessageItem } from './MessageItem';
import { testMessageActions } from '../testing/message-actions';

const actions = testMessageActions();

const show = (m: ReturnType<typeof testMessage>) =>
  render(
    <MessageItem
      m={m}
      mine={false}
      otherName="luna"
      parent={undefined}
      actions={actions}
      onReply={jest.fn()}
      tabbable
    />,
  );

describe('media in a chat message', () => {
  it('opens a photo full screen and gives focus back to it on Escape', async () => {
    const user = userEvent.setup();
    show(testMessage({ type: 'image', media: testMedia('a', { st: '/media/p-a/st.jpg' }) }));
    const open = screen.getByRole('button', { name: 'Open photo full screen' });
    await user.click(open);
    const viewer = screen.getByRole('dialog', { name: 'Media viewer' });
    expect(within(viewer).getByRole('img', { name: 'Photo' })).toHaveAttribute('src', '/media/p-a/st.jpg');
    expect(within(viewer).getByRole('button', { name: 'Zoom in' })).toBeEnabled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('plays a video full screen in the browser player', async () => {
    const user = userEvent.setup();
    const media = testMedia('v', { type: 'video', video_url: '/media/p-v/web.mp4', video_length: 12 });
    show(testMessage({ type: 'video', media }));
    await user.click(screen.getByRole('button', { name: 'Open video full screen' }));
    const viewer = screen.getByRole('dialog', { name: 'Media viewer' });
    expect(within(viewer).getByLabelText('Video')).toHaveAttribute('src', '/media/p-v/web.mp4');
    expect(within(viewer).getByLabelText('Video')).toHaveAttribute('controls');
  });

  it('offers no full screen for locked media, only its price on a readable label', () => {
    const media = testMedia('l', { locked: true, th: '/media/p-l/bl.jpg' });
    show(testMessage({ type: 'image', price: 30, media }));
    expect(screen.queryByRole('button', { name: /full screen/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Photo · \$3\.00/)).toHaveClass('label');
    expect(screen.getByRole('button', { name: 'Unlock for $3.00' })).toBeInTheDocument();
  });
});
