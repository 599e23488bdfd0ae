import type { Message } from '@cove/contracts';
import type { PagedList } from '@cove/runtime/query';
import { testMessage } from '@cove/runtime/testing';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Timeline } from './Timeline';
import { testMessageActions } from '../testing/message-actions';

const rowHeight = 60;
const boxHeight = 600;

const listHeight = (ol: HTMLElement) =>
  parseFloat(ol.style.paddingTop || '0') +
  parseFloat(ol.style.paddingBottom || '0') +
  ol.children.length * rowHeight;
const rect = (top: number, height: number) => ({
  top,
  height,
  bottom: top + height,
  left: 0,
  right: 0,
  width: 0,
  x: 0,
  y: top,
  toJSON: () => ({}),
});

/** jsdom lays nothing out: here rows are 60 px tall in a 600 px box, and the list moves as the box scrolls. */
function fakeLayout() {
  const thread = (el: Element) => el.querySelector<HTMLElement>(':scope > ol');
  const spies = [
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return thread(this) ? boxHeight : 0;
    }),
    jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
      const ol = thread(this);
      return ol ? listHeight(ol) : 0;
    }),
    jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      if (this instanceof HTMLLIElement && this.dataset.key) return rect(0, rowHeight);
      if (this instanceof HTMLOListElement && this.parentElement) {
        return rect(-this.parentElement.scrollTop, listHeight(this));
      }
      return rect(0, 0);
    }),
  ];
  return () => spies.forEach((spy) => spy.mockRestore());
}

/** Messages `from` to `to`, a minute apart, newest first as the server sends them. */
const messages = (from: number, to: number): Message[] =>
  Array.from({ length: to - from + 1 }, (_, i) => {
    const n = to - i;
    return testMessage({
      _id: String(n),
      text: `Message ${n}`,
      created_at: new Date(Date.UTC(2025, 2, 4, 10, 0) + n * 60_000).toISOString(),
    });
  });

const actions = testMessageActions();

function timeline(items: Message[], more: Partial<PagedList<Message>> = {}) {
  const list: PagedList<Message> = {
    state: { status: 'fetched', data: items },
    hasMore: false,
    loadingMore: false,
    loadMore: jest.fn(),
    moreError: null,
    retry: jest.fn(),
    ...more,
  };
  return (
    <Timeline
      list={list}
      outgoing={[]}
      myId="u-1"
      otherName="maya"
      actions={actions}
      typing={null}
      onReply={jest.fn()}
      onRetry={jest.fn()}
      onDiscard={jest.fn()}
    />
  );
}

/** Where a message's row starts below the top of the box, in the fake layout. */
function onScreenAt(text: string): number {
  const row = screen.getByText(text).closest('li');
  const ol = row?.parentElement;
  if (!row || !ol?.parentElement) throw new Error(`${text} has no row`);
  return (
    parseFloat(ol.style.paddingTop || '0') +
    [...ol.children].indexOf(row) * rowHeight -
    ol.parentElement.scrollTop
  );
}

let restoreLayout: () => void;
beforeEach(() => (restoreLayout = fakeLayout()));
afterEach(() => restoreLayout());

describe('timeline', () => {
  it('draws only the messages near the box: the newest on opening, the oldest after scrolling to the top', () => {
    render(timeline(messages(1, 1000)));
    const list = screen.getByRole('list', { name: 'Messages' });
    const drawn = within(list).getAllByRole('group');
    expect(drawn.length).toBeLessThan(60);
    expect(drawn.at(-1)).toHaveTextContent('Message 1000');
    expect(screen.queryByText('Message 1')).not.toBeInTheDocument();

    const box = list.parentElement;
    if (!box) throw new Error('no box');
    box.scrollTop = 0;
    fireEvent.scroll(box);
    expect(within(list).getAllByRole('group')[0]).toHaveTextContent('Message 1');
    expect(within(list).getAllByRole('heading', { level: 3 })[0]).toHaveTextContent('2025');
    expect(screen.queryByText('Message 1000')).not.toBeInTheDocument();
    expect(screen.getByText('This is the start of your conversation.')).toBeInTheDocument();
  });

  it('asks for older messages near the top and keeps the message being read in place when they arrive', () => {
    const loadMore = jest.fn();
    const { rerender } = render(timeline(messages(51, 100), { hasMore: true, loadMore }));
    const box = screen.getByRole('list', { name: 'Messages' }).parentElement;
    if (!box) throw new Error('no box');
    box.scrollTop = 0;
    fireEvent.scroll(box);
    expect(loadMore).toHaveBeenCalled();
    const before = onScreenAt('Message 53');

    rerender(timeline(messages(1, 100)));
    // Within the 2 px by which the row above it turned out shorter than first guessed.
    expect(Math.abs(onScreenAt('Message 53') - before)).toBeLessThanOrEqual(2);
    expect(screen.getByText('Message 40')).toBeInTheDocument();
  });
});
