import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MediaViewer, type ViewerItem } from './MediaViewer';

const items: ViewerItem[] = [
  { kind: 'image', src: '/m/1.jpg', width: 800, height: 600, alt: 'Photo 1' },
  { kind: 'image', src: '/m/2.jpg', width: 600, height: 800, alt: 'Photo 2' },
  { kind: 'video', src: '/m/3.mp4', poster: '/m/3.jpg', width: 1280, height: 720, alt: 'Video 3' },
];

/** An opener as screens have one: a button that opens the viewer at an item. */
function Opener({ start = 0 }: { start?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open photo
      </button>
      {open && <MediaViewer items={items} index={start} onClose={() => setOpen(false)} />}
    </>
  );
}

async function openViewer(start?: number) {
  const user = userEvent.setup();
  render(<Opener start={start} />);
  await user.click(screen.getByRole('button', { name: 'Open photo' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Media viewer' }) };
}

// jsdom has no PointerEvent: a mouse event carrying a pointer id stands in for it.
if (typeof window.PointerEvent === 'undefined') {
  class TestPointerEvent extends MouseEvent {
    readonly pointerId: number;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  }
  window.PointerEvent = TestPointerEvent as typeof PointerEvent;
}

const shownScale = () => Number(screen.getByRole('img').getAttribute('data-scale'));

describe('MediaViewer', () => {
  it('moves through the items with the arrow keys and says where it is', async () => {
    const { user } = await openViewer();
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', '/m/1.jpg');
    expect(screen.getByRole('button', { name: 'Previous item' })).toBeDisabled();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 2' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next item' })).toBeDisabled();
    // The last item stays the last.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('3 of 3')).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
  });

  it('plays a video in a real player with the browser controls, and offers no zoom for it', async () => {
    await openViewer(2);
    const video = screen.getByLabelText('Video 3');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('src', '/m/3.mp4');
    expect(video).toHaveAttribute('poster', '/m/3.jpg');
    expect(screen.queryByRole('button', { name: 'Zoom in' })).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const { user } = await openViewer();
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open photo' })).toHaveFocus();
  });

  it('closes from its labelled Close button, focus back on the opener', async () => {
    const { user } = await openViewer();
    await user.click(screen.getByRole('button', { name: 'Close viewer' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open photo' })).toHaveFocus();
  });

  it('keeps Tab inside the viewer', async () => {
    const { user, dialog } = await openViewer(1);
    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('zooms a photo with its buttons and keys, within limits, and starts the next photo at fit size', async () => {
    const { user } = await openViewer();
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    expect(shownScale()).toBe(1);
    expect(zoomOut).toBeDisabled();

    await user.click(zoomIn);
    expect(shownScale()).toBe(1.5);
    expect(zoomOut).toBeEnabled();
    for (let i = 0; i < 5; i++) await user.click(zoomIn);
    expect(shownScale()).toBe(4);
    expect(zoomIn).toBeDisabled();

    await user.keyboard('-');
    expect(shownScale()).toBeCloseTo(4 / 1.5);
    await user.keyboard('0');
    expect(shownScale()).toBe(1);

    await user.keyboard('+');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    expect(shownScale()).toBe(1);
  });

  it('zooms with the wheel and moves on with a swipe at fit size', async () => {
    await openViewer();
    const stage = screen.getByRole('img').parentElement as HTMLElement;
    fireEvent.wheel(stage, { deltaY: -200 });
    expect(shownScale()).toBeGreaterThan(1);
    await userEvent.keyboard('0');

    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 300, clientY: 200 });
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 200, clientY: 205 });
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 150, clientY: 205 });
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
  });
});
